//! Rummi played through its view as a player would, with clicks on the
//! headless machines: a whole game in Single play, the program's turns
//! tile by tile and Back up over them, the invalid-play requester and its
//! penalty, swapping a duplicate, the menus, Set Mode and resuming.

use std::path::Path;
use std::time::{Duration, Instant};

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::core::{Action, Game, Status, Variant};
use parlour::games::rummi::computer::{self, Level};
use parlour::games::rummi::moves::{Move, Source, Target};
use parlour::games::rummi::rules::{FIRST_PLAY, MOST_HELD, Rummi, RummiVariant, Side};
use parlour::games::rummi::sets::{fit, is_valid_set, ordered};
use parlour::games::rummi::table::Table;
use parlour::games::rummi::tile::{Kind, TileId};
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Menu, Modifiers, Pen};
use parlour::views::rummi::layout::{Facing, TrayOf};
use parlour::views::rummi::{RummiBoard, SET_MODE, config, screen_mode::ModeDialog, tiles};
use parlour::views::{Response, View};

use super::support::assert_golden;

type RummiView = Controller<RummiVariant, RummiBoard>;

fn open(dir: &Path, seed: Option<u64>) -> RummiView {
    open_on(dir, seed, None)
}

/// Rummi opened as the family opens it on the machine `on`.
fn open_on(dir: &Path, seed: Option<u64>, on: Option<MachineId>) -> RummiView {
    let how = Opening { seed, fresh_seed: 1, machine: on, ..Default::default() };
    let board = RummiBoard::new(dir, on);
    Controller::open("rummi", board.variant(), board, dir, &how)
}

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

thread_local! {
    /// When set, every click is also written down as a script line.
    static SCRIPT: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

fn click_at(view: &mut RummiView, m: &Machine, area: Rect, (x, y): (i32, i32)) -> Response {
    SCRIPT.with(|s| s.borrow_mut().as_mut().map(|lines| lines.push(format!("click {x} {y}"))));
    view.input(&Input::MouseMove { x, y }, m, area);
    let r = view.input(&Input::MouseDown { x, y, button: Button::Left }, m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, m, area);
    // In a script, news told in a box as well (a swap, on the Amiga) is
    // closed, as the player reading it would close it.
    SCRIPT.with(|s| {
        if let Some(lines) = s.borrow_mut().as_mut()
            && view.take_notice().is_some()
        {
            lines.push("key Return".into());
        }
    });
    r
}

/// Screen > Set Mode..., the DBLPAL mode clicked, then OK.
fn choose_dblpal_in_set_mode(view: &mut RummiView, m: &Machine, area: Rect) {
    view.command(&Command::View(SET_MODE));
    let spots = ModeDialog::spots(m, area);
    let spot = |name: &str| spots.iter().find(|s| s.0 == name).unwrap().1;
    let centre = |r: Rect| (r.x + r.w / 2, r.y + r.h / 2);
    click_at(view, m, area, centre(spot("dblpal")));
    click_at(view, m, area, centre(spot("ok")));
}

fn click(view: &mut RummiView, m: &Machine, area: Rect, spot: &str) -> Response {
    let at = view.board().point(view.session().state(), m, area, spot).unwrap_or_else(|| panic!("no spot {spot}"));
    click_at(view, m, area, at)
}

/// The spot a click on a move's tile or target goes to.
fn source_spot(st: &Rummi, from: Source) -> String {
    match from {
        Source::Tray(k) => format!("tray {}", st.tray(Side::Player).iter().position(|t| t.kind() == k).unwrap()),
        Source::Table { series, kind } => {
            let s = &st.table().series()[series];
            let pos = s.tiles.iter().position(|t| t.kind() == kind).unwrap();
            format!("cell {}:{}", s.row, s.col + pos as u16)
        }
    }
}

fn target_spot(st: &Rummi, to: Target) -> String {
    match to {
        Target::Series(i) => {
            let s = &st.table().series()[i];
            format!("cell {}:{}", s.row, s.col)
        }
        Target::Cell { row, col } => format!("cell {row}:{col}"),
        Target::Tray => "tray 0".into(),
    }
}

/// Makes `m` with clicks, as a player would; returns whether the session
/// took a step.
fn click_move(view: &mut RummiView, mach: &Machine, area: Rect, m: &Move) -> bool {
    let before = view.session().steps().len();
    let st = view.session().state().clone();
    match *m {
        Move::Put { from, to } => {
            click(view, mach, area, &source_spot(&st, from));
            click(view, mach, area, &target_spot(&st, to));
        }
        Move::Swap { give, .. } => {
            click(view, mach, area, &source_spot(&st, Source::Tray(give)));
            click(view, mach, area, "program");
        }
        Move::Done | Move::Draw => {
            click(view, mach, area, "gadget");
        }
        _ => panic!("not a click: {m}"),
    }
    view.session().steps().len() > before
}

/// Plays the player's turn the Expert's way, by clicks.
fn play_turn(view: &mut RummiView, mach: &Machine, area: Rect) {
    let mut plan = computer::turn(view.session().state(), Level::Expert);
    while let Some(m) = plan.first().copied() {
        assert!(click_move(view, mach, area, &m), "{m} was not played: {}", view.message());
        if matches!(m, Move::Swap { .. }) {
            // The program chose what it gave: think again.
            plan = computer::turn(view.session().state(), Level::Expert);
        } else {
            plan.remove(0);
        }
    }
}

/// Lets time pass until the program's turn is over; returns the box it
/// ended with, if it ended the game.
fn let_the_program_play(view: &mut RummiView, mach: &Machine, area: Rect) -> Option<parlour::machines::Requester> {
    let start = Instant::now();
    let mut asked = None;
    while view.session().state().turn() == Side::Program && !view.session().state().is_over() {
        assert!(start.elapsed() < Duration::from_secs(30), "the program does not finish its turn");
        if let Response::Ask(req) = view.input(&Input::Tick { ms: 100 }, mach, area) {
            asked = Some(req);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    asked
}

/// The column of pixels just left of table cell 4:5, where a frame round
/// a series laid from that cell is drawn (a column, since a felt of one
/// bit is a pattern, some of whose pixels are as black as the frame).
fn left_of_cell_4_5(view: &RummiView, mach: &Machine, area: Rect) -> Vec<u32> {
    let r = view.board().layout(view.session().state(), mach, area).cell(4, 5);
    let mut s = mach.new_surface();
    view.draw(&mut s, mach, area);
    (r.y..r.bottom()).map(|y| s.get(r.x - 1, y).unwrap()).collect()
}

fn seed_where(first: Side) -> u64 {
    (0..).find(|&s| RummiVariant::default().deal(s).turn() == first).unwrap()
}

#[test]
fn a_single_play_game_is_played_to_the_end_with_clicks() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Program)));
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    assert!(view.session().state().single());
    assert_eq!(view.session().state().turn(), Side::Player, "single play stops the program before its turn");
    let mut turns = 0;
    while view.session().state().status() == Status::Playing {
        turns += 1;
        assert!(turns < 200);
        play_turn(&mut view, &mach, area);
    }
    let st = view.session().state();
    assert!(st.is_over());
    assert!(!view.message().is_empty(), "the ending is said");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("rummi").unwrap().played, 1);
    // Undo reaches the start (Single play, chosen on the deal: undone, the
    // program would play at once), redo the end.
    while view.command(&Command::Undo).is_some() {}
    assert_eq!(view.session().cursor(), 1);
    while view.session().can_redo() {
        view.command(&Command::Redo);
    }
    assert!(view.session().state().is_over());
}

/// Turning Single play on or off is said, and is no move: the Moves
/// figure (and the statistics' average) count the game's moves only, and
/// a game with nothing else done is not under way.
#[test]
fn single_play_is_said_and_is_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let moves = |view: &RummiView| view.fields().into_iter().find(|f| f.0 == "Moves").map(|f| f.1);
    assert_eq!(moves(&view).as_deref(), Some("0"));
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    assert_eq!(view.message(), "Single play: you play alone.");
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    assert_eq!(view.message(), "Single play is off: the program plays again.");
    assert_eq!(view.session().cursor(), 2, "both switches are steps of the history");
    assert_eq!(moves(&view).as_deref(), Some("0"));
    // Nor do they make the game one under way: New Game deals without
    // asking and counts nothing.
    assert_eq!(view.command(&Command::New), Some(Response::Redraw), "New Game deals without asking");
    view.close();
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("rummi").map_or(0, |g| g.played), 0, "no game was counted");
}

/// A game the program opens says so at once; one the player opens does
/// not.
#[test]
fn a_game_the_program_opens_says_so() {
    let (mach, area) = machine(MachineId::AmigaPal);
    for (first, said) in [(Side::Program, "The program plays first."), (Side::Player, "")] {
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(dir.path(), Some(seed_where(first)));
        view.input(&Input::Tick { ms: 10 }, &mach, area);
        assert_eq!(view.message(), said, "{first:?}");
    }
}

#[test]
fn the_program_plays_tile_by_tile_and_back_up_steps_over_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let dealt = view.session().state().clone();
    // Take a tile; the program then thinks and plays.
    click(&mut view, &mach, area, "gadget");
    assert_eq!(view.session().state().turn(), Side::Program);
    let_the_program_play(&mut view, &mach, area);
    let steps = view.session().steps().len();
    assert!(steps >= 3, "the program's turn is recorded");
    assert_eq!(view.session().state().turn(), Side::Player);
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &dealt, "Back up takes back the program's turn and your draw");
    view.command(&Command::Redo);
    assert_eq!(view.session().state().turn(), Side::Player, "redo steps over the program's turn too");
    assert_eq!(view.session().cursor() + 1, steps);
}

/// Where the journal cannot be written, the status line keeps reminding
/// the player after the program's turn and its news, as it does in every
/// game after every move, not only while nothing else is said.
#[test]
fn the_programs_news_keeps_the_reminder_that_progress_is_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("journals"), "in the way").unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    assert!(view.take_notice().is_some(), "the failed save was not told");
    click(&mut view, &mach, area, "gadget");
    let_the_program_play(&mut view, &mach, area);
    let said = view.message();
    let reminder = "Progress is not being saved.";
    assert!(said.len() > reminder.len() && said.ends_with(&format!(". {reminder}")), "{said}");
}

/// A tile dragged from the tray and let go on the table is put there, as
/// two clicks would put it.
#[test]
fn a_tile_dragged_to_the_table_is_put_down_there() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::Yazzle);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let st = view.session().state().clone();
    let kind = st.tray(Side::Player)[0].kind();
    let spot = |view: &RummiView, name: &str| view.board().point(view.session().state(), &mach, area, name).unwrap();
    let (from, to) = (spot(&view, "tray 0"), spot(&view, "cell 0:0"));
    for input in [
        Input::MouseMove { x: from.0, y: from.1 },
        Input::MouseDown { x: from.0, y: from.1, button: Button::Left },
        Input::MouseMove { x: (from.0 + to.0) / 2, y: (from.1 + to.1) / 2 },
        Input::MouseMove { x: to.0, y: to.1 },
        Input::MouseUp { x: to.0, y: to.1, button: Button::Left },
    ] {
        view.input(&input, &mach, area);
    }
    let table = view.session().state().table();
    assert!(table.series().iter().any(|s| s.row == 0 && s.col == 0 && s.tiles[0].kind() == kind), "not put down");
    // A click still picks up without dropping at once.
    click(&mut view, &mach, area, "tray 0");
    assert_eq!(view.session().state().table().series().len(), 1);
}

/// A drag ends with the button: a tile dropped where it does not fit
/// goes back to the tray rather than staying on the pointer.
#[test]
fn a_tile_dropped_where_it_is_refused_goes_back_to_the_tray() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::Yazzle);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let drag = |view: &mut RummiView, from: &str, to: &str| {
        let spot =
            |view: &RummiView, name: &str| view.board().point(view.session().state(), &mach, area, name).unwrap();
        let (from, to) = (spot(view, from), spot(view, to));
        for input in [
            Input::MouseDown { x: from.0, y: from.1, button: Button::Left },
            Input::MouseMove { x: to.0, y: to.1 },
            Input::MouseUp { x: to.0, y: to.1, button: Button::Left },
        ] {
            view.input(&input, &mach, area);
        }
    };
    drag(&mut view, "tray 0", "cell 0:0");
    let st = view.session().state().clone();
    let put = st.table().series()[0].kinds();
    let misfit =
        st.tray(Side::Player).iter().position(|t| fit(&put, t.kind()).is_none()).expect("a tile that does not fit");
    drag(&mut view, &format!("tray {misfit}"), "cell 0:0");
    assert!(!view.message().is_empty(), "the drop is refused, and said so");
    assert_eq!(view.session().state(), &st, "nothing moved");
    // Nothing is held: a click on an empty cell puts nothing down.
    click(&mut view, &mach, area, "cell 3:10");
    assert_eq!(view.session().state(), &st, "the refused tile went back to the tray");
}

/// A press cancelled because help or a box came over the table (see
/// `View::cancel_press`): a tile it picked up goes back to the tray, and
/// the tray's knob it dragged is let go, the list no longer following the
/// pointer.
#[test]
fn a_press_cancelled_under_help_puts_its_tile_back_and_lets_the_knob_go() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::Yazzle);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let st = view.session().state().clone();
    let (from, to) = (spot_on(&view, &mach, area, "tray 0"), spot_on(&view, &mach, area, "cell 0:0"));
    view.input(&Input::MouseDown { x: from.0, y: from.1, button: Button::Left }, &mach, area);
    view.input(&Input::MouseMove { x: to.0, y: to.1 }, &mach, area);
    view.cancel_press();
    click(&mut view, &mach, area, "cell 3:10");
    assert_eq!(view.session().state(), &st, "the tile went back to the tray: the click put nothing down");

    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = crowded(dir.path(), &mach, area, 90);
    let (x, y) = spot_on(&view, &mach, area, "scroll knob");
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &mach, area);
    view.cancel_press();
    let shown = |view: &RummiView| (0..90).filter(|&i| in_view(view, &mach, area, i)).collect::<Vec<_>>();
    let before = shown(&view);
    view.input(&Input::MouseMove { x, y: y - 40 }, &mach, area);
    assert_eq!(shown(&view), before, "the tray stays where the knob was let go");
}

/// When only the program has played since the deal, there is nothing to
/// back up: taken back, its turn would be played again at once.
#[test]
fn back_up_is_off_until_the_player_has_played() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Program)));
    let_the_program_play(&mut view, &mach, area);
    assert!(view.session().cursor() > 0, "the program played");
    let back_up = |view: &RummiView| {
        let menus = view.menus();
        menu(&menus, "Game").items.iter().find(|i| i.label == "Back up").unwrap().enabled
    };
    assert!(!back_up(&view));
    assert!(view.command(&Command::Undo).is_none());
    // The player's draw and the program's answer: Back up takes both back.
    let before = view.session().state().clone();
    click(&mut view, &mach, area, "gadget");
    let_the_program_play(&mut view, &mach, area);
    assert!(back_up(&view));
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &before);
}

#[test]
fn an_invalid_play_shows_a_requester_then_costs_five_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    let tray = view.session().state().tray(Side::Player).len();
    click(&mut view, &mach, area, "tray 0");
    click(&mut view, &mach, area, "cell 2:5");
    assert_eq!(view.session().state().table().series().len(), 1);
    match click(&mut view, &mach, area, "gadget") {
        Response::Ask(req) => {
            assert!(req.lines[0].contains("not a valid set"), "{req:?}");
            // The OK that pays is named as the screen shows it: "press OK
            // again" read as the box's own OK.
            assert!(req.lines[1].contains("or press the OK beside your tray again:"), "{req:?}");
        }
        other => panic!("no requester: {other:?}"),
    }
    view.answer(0);
    click(&mut view, &mach, area, "gadget");
    let st = view.session().state();
    assert_eq!(st.tray(Side::Player).len(), tray + 5);
    assert!(st.table().series().is_empty());
    assert_eq!(st.turn(), Side::Program);
    // The penalty is told before the program's news, which once stood
    // alone, the tray grown by five without a word.
    let_the_program_play(&mut view, &mach, area);
    let paid = "You paid the penalty: 1 tile went back to your tray and you took 5 tiles from the pile.";
    assert!(view.message().starts_with(&format!("{paid} The program ")), "{:?}", view.message());
}

/// In Single play no turn of the program's follows the penalty: it is
/// told at once.
#[test]
fn a_penalty_in_single_play_is_told_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    // Two tiles, each a series of its own.
    for cell in ["cell 2:5", "cell 4:5"] {
        click(&mut view, &mach, area, "tray 0");
        click(&mut view, &mach, area, cell);
    }
    assert!(matches!(click(&mut view, &mach, area, "gadget"), Response::Ask(_)));
    view.answer(0);
    click(&mut view, &mach, area, "gadget");
    assert_eq!(view.session().state().turn(), Side::Player);
    let paid = "You paid the penalty: 2 tiles went back to your tray and you took 5 tiles from the pile.";
    assert!(view.message().starts_with(paid), "{:?}", view.message());
}

/// The first deal where both trays hold a pair at the start, the player
/// to move.
fn seed_with_pairs_on_both_trays() -> u64 {
    (0..)
        .find(|&s| {
            let g = RummiVariant::default().deal(s);
            g.turn() == Side::Player
                && !g.duplicates(Side::Player).is_empty()
                && !g.duplicates(Side::Program).is_empty()
        })
        .unwrap()
}

#[test]
fn a_duplicate_is_swapped_by_clicking_the_programs_tray() {
    let seed = seed_with_pairs_on_both_trays();
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed));
    let st = view.session().state().clone();
    let give = st.duplicates(Side::Player)[0];
    let at = st.tray(Side::Player).iter().position(|t| t.kind() == give).unwrap();
    click(&mut view, &mach, area, &format!("tray {at}"));
    click(&mut view, &mach, area, "program");
    let after = view.session().state();
    let count = |g: &Rummi, side, k| g.tray(side).iter().filter(|t| t.kind() == k).count();
    assert_eq!(count(after, Side::Player, give), 1);
    assert_eq!(count(after, Side::Program, give), count(&st, Side::Program, give) + 1);
    // A tile held once cannot be swapped.
    let single = after.tray(Side::Player).iter().position(|t| count(after, Side::Player, t.kind()) == 1).unwrap();
    click(&mut view, &mach, area, &format!("tray {single}"));
    click(&mut view, &mach, area, "program");
    assert!(view.message().contains("only duplicates"), "{}", view.message());
}

/// Swaps one of the player's pair of `give` by clicking it and the
/// program's tray; the tile the program gave.
fn swap_by_clicks(view: &mut RummiView, mach: &Machine, area: Rect, give: Kind) -> Kind {
    let at = view.session().state().tray(Side::Player).iter().position(|t| t.kind() == give).unwrap();
    click(view, mach, area, &format!("tray {at}"));
    click(view, mach, area, "program");
    let made = match &view.session().steps()[view.session().cursor()].action {
        Action::Move(text) => Move::parse(text).ok(),
        _ => None,
    };
    let Some(Move::Swap { take, .. }) = made else { panic!("no swap made: {}", view.message()) };
    take
}

/// A swap made after tiles are laid in the turn is named as one made at
/// its start: it changes the tray as silently.
#[test]
fn a_swap_after_tiles_laid_is_named_too() {
    let seed = seed_with_pairs_on_both_trays();
    for id in [MachineId::Yazzle, MachineId::AmigaPal] {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = open(dir.path(), Some(seed));
        while view.take_notice().is_some() {}
        let st = view.session().state().clone();
        let give = st.duplicates(Side::Player)[0];
        let other = st.tray(Side::Player).iter().position(|t| t.kind() != give).unwrap();
        click(&mut view, &mach, area, &format!("tray {other}"));
        click(&mut view, &mach, area, "cell 2:2");
        assert!(view.session().state().moved(), "{}: a tile laid", id.name());
        let take = swap_by_clicks(&mut view, &mach, area, give);
        let said = format!("You swapped your {give} for the program's {take}.");
        assert!(view.message().starts_with(&said), "{}: {:?}", id.name(), view.message());
    }
}

fn menu<'a>(menus: &'a [Menu], title: &str) -> &'a Menu {
    menus.iter().find(|m| m.title == title).unwrap_or_else(|| panic!("no {title} menu"))
}

#[test]
fn the_menus_are_rummis_and_the_level_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(1));
    let menus = view.menus();
    let labels =
        |t| menu(&menus, t).items.iter().filter(|i| !i.is_separator()).map(|i| i.label.clone()).collect::<Vec<_>>();
    assert_eq!(labels("Game")[..6], ["Back up", "New game", "Select game...", "Restart", "Single play", "About"]);
    assert_eq!(labels("Level"), ["Beginner", "Expert"]);
    assert_eq!(labels("Screen"), ["Front", "Back", "Workbench", "Set Mode..."]);
    assert!(menu(&menus, "Level").items[1].checked);
    view.command(&Command::View(parlour::views::rummi::BEGINNER));
    assert!(menu(&view.menus(), "Level").items[0].checked);
    view.close();
    let view = open(dir.path(), None);
    assert_eq!(view.board().level(), Level::Beginner, "the level is kept between runs");
}

/// YaZZle's toolbar has a Restart button; the Game menu has Restart too,
/// with its key R, so that it is reached from the keyboard, and the guide
/// tells of it.
#[test]
fn restart_is_in_the_game_menu_with_its_key_and_in_the_guide() {
    let dir = tempfile::tempdir().unwrap();
    let view = open(dir.path(), Some(1));
    let menus = view.menus();
    let restart = menu(&menus, "Game").items.iter().find(|i| i.label == "Restart").expect("Game > Restart");
    assert_eq!((&restart.command, restart.key), (&Command::Restart, Some('R')));
    let guide = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/rummi.guide")).unwrap();
    let guide: String = guide.iter().map(|&b| char::from(b)).collect();
    assert!(guide.contains("R Restart") && guide.contains("@{b}Restart@{ub}"), "the guide tells of Restart");
}

/// The Screen menu (screens in front of the Workbench, and their modes) is
/// the Amiga's; on a Mac its Set Mode... turned the Mac into an Amiga.
#[test]
fn the_screen_menu_is_on_the_amiga_only() {
    for id in MachineId::ALL {
        let dir = tempfile::tempdir().unwrap();
        let (mach, _) = machine(id);
        let d = Driver::new(Shell::new(mach, Box::new(open(dir.path(), Some(1))), 1));
        let amiga = matches!(id, MachineId::AmigaPal | MachineId::AmigaDblPal);
        assert_eq!(d.shell().menus().iter().any(|m| m.title == "Screen"), amiga, "{id:?}");
        assert!(d.shell().menus().iter().any(|m| m.title == "Level"), "{id:?}");
    }
}

#[test]
fn set_mode_chooses_dblpal_starts_a_new_game_and_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(1));
    choose_dblpal_in_set_mode(&mut view, &mach, area);
    let saved = config::load(dir.path()).unwrap();
    assert_eq!((saved.value.mode.machine, saved.replaced), (MachineId::AmigaDblPal, None));
    assert_eq!(view.session().variant().options(), "table=24x10");
    assert_eq!(view.session().move_count(), 0, "a new game");
    assert_eq!(
        view.input(&Input::Tick { ms: 10 }, &mach, area),
        Response::Command(Command::Machine(MachineId::AmigaDblPal))
    );
    let entry = parlour::host::find("rummi", &parlour::host::Places::data_only(dir.path())).unwrap();
    assert_eq!(entry.default_machine, Some(MachineId::AmigaDblPal), "used next time");
}

/// Set Mode... opens on the screen in use, Rummi.config or none: on the
/// DblPAL it is DBLPAL at 640 x 512, not the PAL the file would default
/// to, so that OK without a change leaves the game in progress alone (no
/// new game, no file written, no other machine).
#[test]
fn set_mode_opens_on_the_screen_in_use_and_ok_unchanged_keeps_the_game() {
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = open(dir.path(), Some(seed_where(Side::Player)));
        click(&mut view, &mach, area, "tray 0");
        click(&mut view, &mach, area, "cell 0:0");
        let state = view.session().state().clone();
        view.draw(&mut mach.new_surface(), &mach, area);
        view.command(&Command::View(SET_MODE));
        let ok = ModeDialog::spots(&mach, area).into_iter().find(|s| s.0 == "ok").unwrap().1;
        click_at(&mut view, &mach, area, (ok.x + ok.w / 2, ok.y + ok.h / 2));
        assert_eq!(view.session().state(), &state, "{id:?}: the game in progress goes on");
        assert!(!config::path(dir.path()).exists(), "{id:?}: nothing to keep");
        assert_ne!(
            view.input(&Input::Tick { ms: 10 }, &mach, area),
            Response::Command(Command::Machine(MachineId::AmigaPal)),
            "{id:?}: the screen stays"
        );
    }
}

/// With no Rummi.config the table fits the machine Rummi opens on, as
/// the family opens it: on the DblPAL the table of its DBLPAL 640 x 512
/// screen (24 x 10, where PAL's holds 24 x 9), elsewhere the default's;
/// and a new game after the Machine menu changed the screen is dealt the
/// table that fits the new one.
#[test]
fn without_a_config_the_table_fits_the_machine_it_is_played_on() {
    for (id, table) in [
        (MachineId::AmigaPal, "table=24x9"),
        (MachineId::AmigaDblPal, "table=24x10"),
        (MachineId::MacSe30, "table=24x9"),
        (MachineId::Yazzle, "table=24x9"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let places = parlour::host::Places::data_only(dir.path());
        let entry = parlour::host::find("rummi", &places).unwrap();
        let how = Opening { seed: Some(1), fresh_seed: 1, machine: Some(id), ..Default::default() };
        let mut view = parlour::host::open(&entry, &places, &how).unwrap();
        view.close();
        let journal = parlour::host::journal::journal_path(dir.path(), "rummi");
        let header = parlour::host::journal::header_of(&journal).unwrap();
        assert_eq!(header.options, table, "{id:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_on(dir.path(), Some(1), Some(MachineId::AmigaPal));
    assert_eq!(view.session().variant().options(), "table=24x9");
    for (id, table) in [(MachineId::AmigaDblPal, "table=24x10"), (MachineId::AmigaPal, "table=24x9")] {
        let (mach, area) = machine(id);
        view.draw(&mut mach.new_surface(), &mach, area);
        view.command(&Command::New);
        assert_eq!(view.session().variant().options(), table, "a new game on {id:?}");
    }
    assert!(!config::path(dir.path()).exists(), "nothing chosen, nothing kept");
}

/// Parlour writes Rummi.config (Set Mode), so a broken one is set aside
/// as Rummi opens, never written over: the status line says so, a box
/// names the file, the line and what is wrong and where the file went,
/// the default screen is used, and Set Mode's write leaves the file set
/// aside as it was.
#[test]
fn a_broken_config_is_set_aside_and_told_of_in_a_box() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "# Rummi's screen\nmode = dblpal\nwidth = 640\nheight = tall\n";
    std::fs::write(config::path(dir.path()), broken).unwrap();
    let entry = parlour::host::find("rummi", &parlour::host::Places::data_only(dir.path())).unwrap();
    assert_eq!(entry.default_machine, Some(MachineId::AmigaPal), "the default screen's machine");
    assert!(config::path(dir.path()).exists(), "the launcher only looks");
    let mut view = open_on(dir.path(), Some(1), Some(MachineId::AmigaPal));
    assert!(view.message().contains("The screen settings were damaged: they start afresh."), "{}", view.message());
    let told = view.take_notice().expect("no box told of the broken Rummi.config").lines.join(" ");
    let aside = dir.path().join("Rummi.config.damaged-1");
    let file = config::path(dir.path());
    assert!(told.contains(&format!("{}:4: `tall` is not a number of pixels", file.display())), "{told}");
    assert!(told.contains(&format!("(the file was moved to {})", aside.display())), "{told}");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), broken);
    assert!(!file.exists());
    assert_eq!(view.session().variant().options(), "table=24x9", "the default screen's table");
    // A file broken again since Rummi opened is set aside before Set Mode
    // keeps the new choice, and the status line says where it went; the
    // file set aside first is left alone.
    std::fs::write(&file, "junk\n").unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    choose_dblpal_in_set_mode(&mut view, &mach, area);
    assert_eq!(config::load(dir.path()).unwrap().value.mode.machine, MachineId::AmigaDblPal);
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), broken, "the file set aside is left alone");
    assert_eq!(std::fs::read_to_string(dir.path().join("Rummi.config.damaged-2")).unwrap(), "junk\n");
    for _ in 0..2 {
        view.input(&Input::Tick { ms: 10 }, &mach, area);
    }
    assert!(view.message().contains("Rummi.config:1: `junk` is not `key = value`"), "{}", view.message());
    assert!(view.message().ends_with("Rummi.config.damaged-2); the new screen mode is kept."), "{}", view.message());
    // Opened again, there is nothing to tell.
    let mut again = open(dir.path(), None);
    assert!(again.take_notice().is_none());
}

#[test]
fn the_game_resumes_where_it_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    click(&mut view, &mach, area, "tray 0");
    click(&mut view, &mach, area, "cell 0:0");
    let state = view.session().state().clone();
    view.close();
    let again = open(dir.path(), None);
    assert_eq!(again.session().state(), &state);
    assert!(again.message().contains("resumed"));
}

#[test]
fn rummi_goldens() {
    let seed = seed_where(Side::Player);
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30, MachineId::Yazzle] {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = open_on(dir.path(), Some(seed), Some(id));
        // The first play laid out, OK not yet pressed, a tile picked up:
        // every part of the screen shows.
        let plan = computer::turn(view.session().state(), Level::Expert);
        for m in &plan[..plan.len() - 1] {
            assert!(click_move(&mut view, &mach, area, m));
        }
        click(&mut view, &mach, area, "tray 1");
        view.input(&Input::MouseMove { x: area.x + area.w / 2, y: area.y + area.h / 2 }, &mach, area);
        let d = Driver::new(Shell::new(mach, Box::new(view), 1));
        assert_golden(&format!("rummi-{}", id.name()), d.frame());
    }
}

#[test]
fn a_single_play_game_scripted_with_events_runs_to_the_end() {
    // The clicks of a whole game in Single play, found by playing it here...
    let seed = 7;
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed));
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    SCRIPT.with(|s| *s.borrow_mut() = Some(vec!["menu Game > Single play".into()]));
    while view.session().state().status() == Status::Playing {
        play_turn(&mut view, &mach, area);
    }
    let script = SCRIPT.with(|s| s.borrow_mut().take()).unwrap().join("\n");
    let ended = view.session().state().clone();
    // ...then played by `parlour shot --events` from a fresh data folder.
    let data = tempfile::tempdir().unwrap();
    let events = data.path().join("game.events");
    std::fs::write(&events, script).unwrap();
    let out = data.path().join("end.png");
    let result = super::support::parlour()
        .env("PARLOUR_DATA_DIR", data.path())
        .args(["shot", "rummi", "--machine", "amiga-pal", "--seed", &seed.to_string(), "--events"])
        .arg(&events)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    assert!(out.is_file());
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    let rummi = stats.game("rummi").expect("the scripted game was counted");
    assert_eq!(rummi.played, 1);
    assert_eq!(rummi.won, u64::from(ended.status() == Status::Won));
}

/// Plays a game to its end against the program at the level `level_cmd`
/// sets; the player plays the Expert's plans, or only takes tiles.
fn play_out(
    level_cmd: parlour::machines::ViewCommand,
    expert_player: bool,
    seed: u64,
) -> (RummiView, tempfile::TempDir, Option<parlour::machines::Requester>) {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed));
    view.command(&Command::View(level_cmd));
    let mut turns = 0;
    let mut ended = None;
    while view.session().state().status() == Status::Playing {
        turns += 1;
        assert!(turns < 400, "the game does not end");
        if view.session().state().turn() == Side::Program {
            ended = let_the_program_play(&mut view, &mach, area);
        } else if expert_player {
            play_turn(&mut view, &mach, area);
        } else if let Response::Ask(req) = click(&mut view, &mach, area, "gadget") {
            ended = Some(req);
        }
    }
    (view, dir, ended)
}

#[test]
fn games_against_the_program_are_won_and_lost() {
    let (won, dir, _) = play_out(parlour::views::rummi::BEGINNER, true, 2);
    assert_eq!(won.session().state().status(), Status::Won, "{}", won.message());
    assert!(won.message().starts_with("You win"), "{}", won.message());
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("rummi").unwrap().won, 1);
    let (mut lost, dir, ended) = play_out(parlour::views::rummi::EXPERT, false, 2);
    assert_eq!(lost.session().state().status(), Status::Lost, "{}", lost.message());
    assert!(
        lost.message().to_lowercase().contains("the program") && lost.message().contains("wins"),
        "{}",
        lost.message()
    );
    // A loss is told in a box, as a win is, with its reason whole: the
    // status line of the smallest screens keeps only its first sentence.
    let ended = ended.expect("no box at the loss");
    assert_eq!(ended.title, "Game over");
    assert_eq!(ended.lines[0], lost.message(), "the ending, whole");
    assert!(ended.lines[1].starts_with("Time: ") && ended.lines[1].contains("Moves: "), "{:?}", ended.lines);
    // The tiles left on the tray, the game's score, are said once: the
    // ending names them, and no line after it says them again.
    let left = lost.session().state().tray(Side::Player).len().to_string();
    assert!(ended.lines[0].contains(&left), "{left}: {:?}", ended.lines);
    assert_eq!(ended.lines.len(), 2, "{:?}", ended.lines);
    assert_eq!(ended.buttons, ["OK", "New Game"], "a key pressed to play on does not deal again");
    assert_eq!(lost.answer(0), Response::Unchanged, "OK keeps the table");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    let rummi = stats.game("rummi").unwrap();
    assert_eq!((rummi.played, rummi.lost), (1, 1));
    assert!(rummi.total_score > 14, "the tiles left on the tray are counted");
    // Quit and opened again, the finished game is back as it was left,
    // its ending said, until the player deals again; counted once.
    let (table, ending) = (lost.session().state().clone(), lost.message());
    lost.close();
    drop(lost);
    let mut lost = open(dir.path(), None);
    assert_eq!((lost.session().state(), lost.message()), (&table, ending));
    let rummi = parlour::core::Stats::load(dir.path()).unwrap().game("rummi").cloned().unwrap();
    assert_eq!((rummi.played, rummi.lost), (1, 1), "not counted again");
    // A click after the end says again who won, first, before what to do.
    let (mach, area) = machine(MachineId::AmigaPal);
    click(&mut lost, &mach, area, "gadget");
    assert!(
        lost.message().starts_with("The program wins.") && lost.message().ends_with("starts another."),
        "{}",
        lost.message()
    );
}

/// A position with `mine` tiles on the player's tray, the rest on the
/// program's and none on the pile.
fn position_holding(variant: &RummiVariant, mine: usize) -> Rummi {
    let mut mine_then_theirs: Vec<TileId> = TileId::all().collect();
    let theirs = mine_then_theirs.split_off(mine);
    Rummi::new(Vec::new(), [mine_then_theirs, theirs], Table::new(variant.cols, variant.rows), Side::Player)
}

/// Every face-up tile of a tray, however many the tray holds (up to the
/// most one can), shows all of its number and mark: it is as wide as the
/// widest number (13) and the tile's two edge lines, nothing covers any of
/// it, it keeps clear of the scroll bar, and scrolling brings it into
/// view. On every machine, and on the smallest screens Set Mode offers.
#[test]
fn every_tray_tile_shows_its_whole_number_on_every_machine() {
    let defaults = MachineId::ALL.map(|id| (id, None));
    let smallest = config::MODES.map(|m| (m.machine, Some(config::ScreenConfig::clamped(m, 0, 0))));
    for (id, screen) in defaults.into_iter().chain(smallest) {
        let dir = tempfile::tempdir().unwrap();
        if let Some(c) = screen {
            config::write(dir.path(), &c).unwrap();
        }
        let board = RummiBoard::new(dir.path(), Some(id));
        let variant = board.variant();
        let (mach, area) = machine(id);
        for n in 1..=MOST_HELD {
            let st = position_holding(&variant, n);
            let l = board.layout(&st, &mach, area);
            let need = tiles::number_width(13, l.scale) + 2;
            for of in [TrayOf::Player, TrayOf::Program] {
                let grid = l.tray_grid(of, n, Facing::Up, 0);
                let mut shown = vec![false; n];
                for first in 0..grid.rows() {
                    let g = grid.scrolled_to(first);
                    for i in g.in_view() {
                        let r = g.tile(i).unwrap();
                        let at = format!("{} {screen:?}, {of:?} tray of {n}, tile {i} at {r:?}", id.name());
                        assert!(g.uncovered_width(i) >= need, "{at}: {} wide, {need} needed", g.uncovered_width(i));
                        assert_eq!(r.intersect(&l.tray(of)), r, "{at}: off the tray");
                        assert!(g.bar.is_none_or(|b| r.right() <= b.x), "{at}: under the scroll bar");
                        shown[i] = true;
                    }
                }
                let hidden: Vec<usize> = (0..n).filter(|&i| !shown[i]).collect();
                assert!(hidden.is_empty(), "{} {screen:?}, {of:?} tray of {n}: never in view: {hidden:?}", id.name());
            }
        }
    }
}

/// A game in Single play whose tray holds `tiles` tiles, taken from the
/// pile with the gadget.
fn crowded(dir: &Path, mach: &Machine, area: Rect, tiles: usize) -> RummiView {
    let mut view = open(dir, Some(1));
    view.command(&Command::View(parlour::views::rummi::SINGLE)).unwrap();
    while view.session().state().tray(Side::Player).len() < tiles {
        click(&mut view, mach, area, "gadget");
    }
    view
}

fn in_view(view: &RummiView, mach: &Machine, area: Rect, tile: usize) -> bool {
    view.board().point(view.session().state(), mach, area, &format!("tray {tile}")).is_some()
}

fn press(view: &mut RummiView, mach: &Machine, area: Rect, key: Key, times: usize) {
    for _ in 0..times {
        view.input(&Input::Key { key, mods: Modifiers::default() }, mach, area);
    }
}

fn spot_on(view: &RummiView, mach: &Machine, area: Rect, name: &str) -> (i32, i32) {
    view.board().point(view.session().state(), mach, area, name).unwrap_or_else(|| panic!("no spot {name}"))
}

fn tile_at(view: &RummiView, row: u16, col: u16) -> Option<Kind> {
    let table = view.session().state().table();
    table.series().iter().find(|s| s.row == row && s.col == col).map(|s| s.tiles[0].kind())
}

/// On PAL a tray of 90 tiles shows two rows of 21; its scroll bar's
/// arrows and the wheel scroll it a row at a time, and a tile scrolled
/// into view is clicked or dragged to the table like any other.
#[test]
fn a_crowded_tray_scrolls_a_row_at_a_time_and_its_tiles_play() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = crowded(dir.path(), &mach, area, 90);
    let tray_point = |view: &RummiView| view.board().point(view.session().state(), &mach, area, "tray 0").unwrap();
    let (x, y) = view.board().point(view.session().state(), &mach, area, "gadget").unwrap();
    view.input(&Input::Wheel { x: x - 30, y, dy: -9 }, &mach, area);
    assert!(in_view(&view, &mach, area, 0) && in_view(&view, &mach, area, 41), "the wheel scrolls to the top");
    assert!(!in_view(&view, &mach, area, 42), "two rows of 21 show");
    view.input(&Input::Wheel { x: tray_point(&view).0, y: tray_point(&view).1, dy: 1 }, &mach, area);
    assert!(!in_view(&view, &mach, area, 20) && in_view(&view, &mach, area, 21) && in_view(&view, &mach, area, 62));
    let mut clicks = 0;
    while !in_view(&view, &mach, area, 89) {
        click(&mut view, &mach, area, "scroll down");
        clicks += 1;
        assert!(clicks < 5, "the last tile does not come into view");
    }
    assert_eq!(clicks, 2, "rows 2 and 3 to 4 and 5");
    let last = view.session().state().tray(Side::Player)[89].kind();
    click(&mut view, &mach, area, "tray 89");
    click(&mut view, &mach, area, "cell 0:0");
    assert_eq!(tile_at(&view, 0, 0), Some(last));
    click(&mut view, &mach, area, "scroll up");
    let kind = view.session().state().tray(Side::Player)[50].kind();
    let (from, to) = (
        view.board().point(view.session().state(), &mach, area, "tray 50").expect("row 3 in view"),
        view.board().point(view.session().state(), &mach, area, "cell 3:5").unwrap(),
    );
    for input in [
        Input::MouseMove { x: from.0, y: from.1 },
        Input::MouseDown { x: from.0, y: from.1, button: Button::Left },
        Input::MouseMove { x: to.0, y: to.1 },
        Input::MouseUp { x: to.0, y: to.1, button: Button::Left },
    ] {
        view.input(&input, &mach, area);
    }
    assert_eq!(tile_at(&view, 3, 5), Some(kind), "dragged from a scrolled row");
}

/// The arrows walk the cursor over every tile of a crowded tray, the tray
/// scrolling to follow it; Page Up and Page Down scroll it a row.
#[test]
fn the_keyboard_reaches_every_tile_of_a_crowded_tray() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = crowded(dir.path(), &mach, area, 90);
    press(&mut view, &mach, area, Key::Left, 1 + 89);
    assert!(in_view(&view, &mach, area, 0), "walked back to the first tile");
    press(&mut view, &mach, area, Key::Down, 4);
    assert!(in_view(&view, &mach, area, 84) && !in_view(&view, &mach, area, 41), "down a row at a time");
    press(&mut view, &mach, area, Key::Right, 5);
    let last = view.session().state().tray(Side::Player)[89].kind();
    press(&mut view, &mach, area, Key::Char(' '), 1);
    click(&mut view, &mach, area, "cell 1:1");
    assert_eq!(tile_at(&view, 1, 1), Some(last), "the cursor was on the last tile");
    press(&mut view, &mach, area, Key::PageUp, 1);
    assert!(in_view(&view, &mach, area, 42) && !in_view(&view, &mach, area, 84), "Page Up scrolls a row");
    press(&mut view, &mach, area, Key::PageDown, 1);
    assert!(in_view(&view, &mach, area, 84), "Page Down scrolls back");
}

/// A tile taken onto a scrolled tray is scrolled into view, wherever its
/// place in the sorted tray: with the tray scrolled to the top and to the
/// bottom in turn, some of the tiles taken fall outside the rows that were
/// in view.
#[test]
fn a_tile_taken_onto_a_scrolled_tray_comes_into_view() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = crowded(dir.path(), &mach, area, 50);
    let (x, y) = view.board().point(view.session().state(), &mach, area, "gadget").unwrap();
    let mut out_of_sight = 0;
    for turn in 0..12 {
        view.input(&Input::Wheel { x: x - 30, y, dy: if turn % 2 == 0 { -9 } else { 9 } }, &mach, area);
        let before = view.session().state().tray(Side::Player).to_vec();
        let shown: Vec<usize> = (0..before.len()).filter(|&i| in_view(&view, &mach, area, i)).collect();
        click(&mut view, &mach, area, "gadget");
        let after = view.session().state().tray(Side::Player);
        let new = after.iter().position(|id| !before.contains(id)).unwrap();
        out_of_sight += usize::from(!shown.contains(&new));
        assert!(in_view(&view, &mach, area, new), "tile {new} of {} taken out of sight", after.len());
    }
    assert!(out_of_sight > 0, "every tile taken fell in view anyway: the test shows nothing");
}

/// A tray of 90 on PAL and on the one-bit Mac: whole tiles in two rows
/// (the second and third) and the scroll bar, its knob part way down.
#[test]
fn rummi_crowded_tray_goldens() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = crowded(dir.path(), &mach, area, 90);
        while !in_view(&view, &mach, area, 0) {
            click(&mut view, &mach, area, "scroll up");
        }
        click(&mut view, &mach, area, "scroll down");
        let d = Driver::new(Shell::new(mach, Box::new(view), 1));
        assert_golden(&format!("rummi-crowded-tray-{}", id.name()), d.frame());
    }
}

/// On the Mac, Edit > Undo takes Command-Z from a game's own Undo, but
/// Rummi's Back up keeps its B; Redo is under Undo in Edit, as in every
/// other game there, not in the Game menu below Quit.
#[test]
fn back_up_keeps_its_letter_on_the_mac_and_redo_is_beside_undo() {
    for id in [MachineId::MacSe30, MachineId::MacColor] {
        let dir = tempfile::tempdir().unwrap();
        let (mach, _) = machine(id);
        let view = open(dir.path(), Some(1));
        let shell = parlour::app::shell::Shell::new(mach, Box::new(view), 1);
        let menus = shell.menus();
        let game = menu(&menus, "Game");
        let back_up = game.items.iter().find(|i| i.label == "Back up").expect("Back up");
        assert_eq!(back_up.key.map(|k| k.to_ascii_lowercase()), Some('b'));
        assert!(game.items.iter().all(|i| i.command != Command::Redo), "{id:?}: Redo left in the Game menu");
        let edit = &menu(&menus, "Edit").items;
        let keyed = |i: usize| (edit[i].label.as_str(), edit[i].key.map(|k| k.to_ascii_lowercase()));
        assert_eq!([keyed(0), keyed(1)], [("Undo", Some('z')), ("Redo", Some('y'))], "{id:?}");
    }
}

/// In four greys the racks' brown and the felt's green come out the same
/// dark grey: the trays and the pile are drawn as plain framed boxes then,
/// and stand out from the table.
#[test]
fn the_trays_stand_out_in_four_greys() {
    let dir = tempfile::tempdir().unwrap();
    let id = MachineId::MacColor;
    let m =
        Machine::new(&MachineChoice { id: Some(id), depth: Some(parlour::machines::Depth::ALL[1]), skin: None }, id)
            .unwrap();
    assert_eq!(m.depth().map(|d| d.name()), Some("4"));
    let area = m.content();
    let view = open(dir.path(), Some(2));
    let mut s = m.new_surface();
    view.draw(&mut s, &m, area);
    let felt = s.colour_at(area.x + area.w / 2, area.y + area.h / 2);
    let tray = s.colour_at(area.x + area.w / 3, area.bottom() - 8);
    assert_ne!(tray, felt, "the player's tray is the felt's grey");
}

/// `parlour stats` prints only the figures that mean something for a
/// game: Rummi's tiles left (fewer is better) and not a "best score" that
/// is the most tiles ever left; Tetris's scores and no won, lost or time;
/// Sokoban's moves and time, and not the boxes home it shows as a score
/// while a level is played.
#[test]
fn parlour_stats_leaves_out_figures_that_mean_nothing_for_the_game() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(
        data.path().join("stats.ini"),
        "[rummi]\nplayed=3\nwon=1\nlost=2\nstreak=1\nbest-win-streak=1\nworst-losing-streak=2\ntotal-score=116\nbest-score=59\n\n\
         [tetris]\nplayed=2\nwon=0\nlost=2\nstreak=-2\nbest-win-streak=0\nworst-losing-streak=2\ntotal-score=300\n\
         best-score=200\n\n\
         [sokoban/parlour/1]\nplayed=1\nwon=1\nlost=0\nstreak=1\nbest-win-streak=1\nworst-losing-streak=0\n\
         total-score=2\nbest-score=2\nbest-moves=10\n",
    )
    .unwrap();
    let stats = |game: &str| {
        let out =
            super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", game]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let rummi = stats("rummi");
    assert!(rummi.contains("won: 1\n") && rummi.contains("tiles left in all games: 116\n"), "{rummi}");
    assert!(rummi.contains("average tiles left: 38.7\n"), "{rummi}");
    assert!(!rummi.contains("best score") && !rummi.contains("total score"), "{rummi}");
    let tetris = stats("tetris");
    assert!(tetris.contains("best score: 200\n") && tetris.contains("average score: 150\n"), "{tetris}");
    for absent in ["won:", "best time", "average moves", "winning percentage"] {
        assert!(!tetris.contains(absent), "{absent} in {tetris}");
    }
    let sokoban = stats("sokoban");
    assert!(sokoban.contains("won: 1\n") && sokoban.contains("fewest moves: 10\n"), "{sokoban}");
    assert!(!sokoban.contains("best score") && !sokoban.contains("total score"), "{sokoban}");
}

/// The program's opening turn is no game under way: New Game straight
/// after it, in this run or after the game is resumed, deals another
/// without asking and counts nothing.
#[test]
fn new_game_after_only_the_programs_opening_turn_counts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Program)));
    let_the_program_play(&mut view, &mach, area);
    assert!(view.session().move_count() > 0, "the program played its turn");
    view.close();
    let mut view = open(dir.path(), None);
    assert_eq!(view.command(&Command::New), Some(Response::Redraw), "New Game deals without asking");
    view.close();
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("rummi").map_or(0, |g| g.played), 0, "no game was counted");
}

/// A deal the player opens, after which, the player having taken a tile,
/// the program can only take one too; `program_pair` says whether the
/// program holds a duplicate then (the player never does).
fn seed_where_the_program_draws(program_pair: bool) -> u64 {
    seed_where_the_program_draws_holding(false, program_pair)
}

/// A deal the player opens without a pair, after which, the player having
/// taken a tile, the program only takes one: the program holding a pair
/// before its draw or not, and after it or not.
fn seed_where_the_program_draws_holding(pair_before: bool, pair_after: bool) -> u64 {
    (0..)
        .find(|&s| {
            let mut g = RummiVariant::default().deal(s);
            if g.turn() != Side::Player || !g.duplicates(Side::Player).is_empty() {
                return false;
            }
            g.apply(&Move::Draw);
            if g.duplicates(Side::Program).is_empty() == pair_before
                || !g.duplicates(Side::Player).is_empty()
                || computer::turn(&g, Level::Expert) != [Move::Draw]
            {
                return false;
            }
            g.apply(&Move::Draw);
            g.duplicates(Side::Program).is_empty() != pair_after
        })
        .unwrap()
}

/// A turn in which the program only takes a tile is said in the status
/// line, on every machine: on the screen it is only a pile one lower and
/// one more back on the program's tray, over in a moment. The sentence
/// stays while time passes, and what it holds is said after it.
#[test]
fn a_turn_in_which_the_program_only_draws_is_said() {
    for (pair, said) in
        [(false, "The program drew a tile.".to_string()), (true, format!("The program drew a tile. {PROGRAMS_PAIR}"))]
    {
        for id in MachineId::ALL {
            let dir = tempfile::tempdir().unwrap();
            let (mach, area) = machine(id);
            let mut view = open(dir.path(), Some(seed_where_the_program_draws(pair)));
            click(&mut view, &mach, area, "gadget");
            let pile = view.session().state().pile().len();
            let_the_program_play(&mut view, &mach, area);
            assert_eq!(view.session().state().pile().len(), pile - 1, "the program took a tile");
            for _ in 0..10 {
                view.input(&Input::Tick { ms: 100 }, &mach, area);
            }
            assert_eq!(view.message(), said, "{}", id.name());
            // A turn of its own ends it: the player's draw is no news,
            // the program's turn coming is.
            click(&mut view, &mach, area, "gadget");
            assert_eq!(view.message(), "The program is playing...", "{}", id.name());
        }
    }
}

/// On the Amiga PAL the program's draw and its duplicate are told in a box
/// (the title bar cuts the sentence short). The player drawing with Space
/// closes it with Space too, as Return does: a box with only OK chooses
/// nothing. A box with a choice (New Game's question) still waits for the
/// keyboard to move to a button before Space answers it.
#[test]
fn space_closes_a_box_that_only_tells_but_not_one_with_a_choice() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, _) = machine(MachineId::AmigaPal);
    let view = open(dir.path(), Some(seed_where_the_program_draws(true)));
    let mut d = Driver::new(Shell::keeping_in(mach, Box::new(view), 1, dir.path().to_path_buf()));
    let key = |key| Input::Key { key, mods: Modifiers::default() };
    d.feed(&[key(Key::End), key(Key::Char(' '))]);
    let start = Instant::now();
    while d.shell().requester().is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "no box: {}", d.shell().message());
        d.feed(&[Input::Tick { ms: 100 }]);
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(d.shell().requester().unwrap().buttons, ["OK"]);
    assert!(d.shell().requester().unwrap().lines.join(" ").contains("duplicate"));
    d.feed(&[key(Key::Char(' '))]);
    assert!(d.shell().requester().is_none(), "Space closes it");

    d.command(&Command::New);
    assert_eq!(d.shell().requester().expect("New Game asks").buttons.len(), 2);
    d.feed(&[key(Key::Char(' '))]);
    assert!(d.shell().requester().is_some(), "a Space meant for the game answers no question");
    d.feed(&[key(Key::Tab), key(Key::Char(' '))]);
    assert!(d.shell().requester().is_none(), "Space presses the button the keyboard moved to");
}

/// The program's duplicate is said where it is news, not again at the
/// start of every turn while the program keeps it: said each turn, it
/// kept the status line's figures from ever showing. The 2 stays under
/// the pile, and a click on the pile names it.
#[test]
fn a_duplicate_the_program_kept_is_not_said_again() {
    let (mach, area) = machine(MachineId::MacSe30);
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(seed_where_the_program_draws_holding(true, true)));
    view.input(&Input::Tick { ms: 10 }, &mach, area);
    assert_eq!(view.message(), PROGRAMS_PAIR, "the deal");
    click(&mut view, &mach, area, "gadget");
    let_the_program_play(&mut view, &mach, area);
    assert_eq!(view.message(), "The program drew a tile.");
}

/// A deal the program opens holding a pair (the player holds none) with
/// a turn in which it only takes a tile.
fn seed_where_the_program_opens_drawing_with_a_pair() -> u64 {
    (0..)
        .find(|&s| {
            let g = RummiVariant::default().deal(s);
            g.turn() == Side::Program
                && !g.duplicates(Side::Program).is_empty()
                && g.duplicates(Side::Player).is_empty()
                && computer::turn(&g, Level::Expert) == [Move::Draw]
        })
        .unwrap()
}

/// The program's duplicate is news at the player's first turn of every
/// deal, the same deal again by Restart too: the game given up had said
/// it, which made it no news in the game restarted, and it went unsaid
/// until the pile was clicked.
#[test]
fn the_programs_duplicate_is_said_again_in_a_game_restarted() {
    let said = format!("The program drew a tile. {PROGRAMS_PAIR}");
    for id in MachineId::ALL {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = open(dir.path(), Some(seed_where_the_program_opens_drawing_with_a_pair()));
        let_the_program_play(&mut view, &mach, area);
        assert_eq!(view.message(), said, "{}: the first deal", id.name());
        click(&mut view, &mach, area, "gadget");
        let_the_program_play(&mut view, &mach, area);
        if let Some(Response::Ask(_)) = view.command(&Command::Restart) {
            view.answer(0);
        }
        assert_eq!(view.session().move_count(), 0, "{}: restarted", id.name());
        let_the_program_play(&mut view, &mach, area);
        assert_eq!(view.message(), said, "{}: the deal restarted", id.name());
    }
}

/// A deal the player opens, after which, the player having taken a tile,
/// the program's turn starts with a swap of duplicates.
fn seed_where_the_program_swaps() -> (u64, Move) {
    (0..)
        .find_map(|s| {
            let mut g = RummiVariant::default().deal(s);
            if g.turn() != Side::Player || g.duplicates(Side::Player).is_empty() {
                return None;
            }
            g.apply(&Move::Draw);
            let first = *computer::turn(&g, Level::Expert).first()?;
            matches!(first, Move::Swap { .. }).then_some((s, first))
        })
        .unwrap()
}

/// A swap by the program changes the player's own tray: it is said, with
/// what went and what came.
#[test]
fn a_swap_by_the_program_is_said() {
    let (seed, swap) = seed_where_the_program_swaps();
    let Move::Swap { give, take } = swap else { unreachable!() };
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::Yazzle);
    let mut view = open(dir.path(), Some(seed));
    click(&mut view, &mach, area, "gadget");
    let_the_program_play(&mut view, &mach, area);
    let said = format!("The program swapped {give} for your {take}.");
    assert!(view.message().starts_with(&said), "{:?}", view.message());
    // A turn of its own ends it.
    click(&mut view, &mach, area, "gadget");
    assert!(!view.message().contains("swapped"), "{:?}", view.message());
}

/// A swap the program made in a game given up mid-turn is no news of
/// the next game's: the turn that ends there is the only one said.
#[test]
fn a_swap_in_the_game_given_up_is_not_said_in_the_next() {
    let (seed, _) = seed_where_the_program_swaps();
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::Yazzle);
    let mut view = open(dir.path(), Some(seed));
    click(&mut view, &mach, area, "gadget");
    // The program's turn, up to its swap and no further.
    let is_swap = |step: &parlour::core::Step| matches!(&step.action, Action::Move(m) if m.starts_with("swap"));
    let swapped_last = |view: &RummiView| view.session().steps().last().is_some_and(is_swap);
    while !swapped_last(&view) {
        assert_eq!(view.session().state().turn(), Side::Program, "the program's turn ended with no swap");
        view.input(&Input::Tick { ms: 100 }, &mach, area);
    }
    assert_eq!(view.session().state().turn(), Side::Program, "given up in the program's turn");
    if let Some(Response::Ask(_)) = view.command(&Command::New) {
        view.answer(0);
    }
    assert_eq!(view.session().move_count(), 0, "a new deal");
    // The new deal's first turn of the program's, after the player's if
    // the player opens it: no swap of the game given up is said at its end.
    if view.session().state().turn() == Side::Player {
        click(&mut view, &mach, area, "gadget");
    }
    let_the_program_play(&mut view, &mach, area);
    let swapped = view.session().steps()[view.session().game_start()..].iter().any(is_swap);
    assert!(!swapped, "the test wants a new game with no swap");
    assert!(!view.message().contains("swapped"), "{:?}", view.message());
}

/// With the pile empty, the program's turn that takes nothing is a pass,
/// and said as one.
#[test]
fn a_pass_of_the_programs_is_said() {
    let dir = tempfile::tempdir().unwrap();
    // The program opens, so the player's draw is the one that empties the
    // pile; the test takes the program's tiles for it (no time passes).
    let mut view = open(dir.path(), Some(seed_where(Side::Program)));
    while !view.session().state().pile().is_empty() {
        view.play_move(&Move::Draw);
    }
    assert_eq!(view.session().state().turn(), Side::Program);
    view.play_move(&Move::Draw);
    assert!(!view.session().state().is_over(), "one pass does not end the game");
    assert!(view.message().starts_with("The program passes: the pile is empty."), "{}", view.message());
}

/// What a program holding a duplicate says while only one side has a
/// pair.
/// A deal the player opens, the program holding a duplicate and the
/// player none.
fn seed_where_the_player_opens_facing_a_pair(holding_a_pair: bool) -> u64 {
    (0..)
        .find(|&s| {
            let g = RummiVariant::default().deal(s);
            g.turn() == Side::Player
                && !g.duplicates(Side::Program).is_empty()
                && g.duplicates(Side::Player).is_empty() != holding_a_pair
        })
        .unwrap()
}

/// Every screen Rummi is drawn on: each machine at each depth, and each
/// of YaZZle's skins.
fn every_screen() -> Vec<MachineChoice> {
    let skins = ["plastique", "plastiquev2", "transcrippled"].map(|skin| MachineChoice {
        id: Some(MachineId::Yazzle),
        depth: None,
        skin: Some(skin.into()),
    });
    MachineChoice::every_screen().into_iter().chain(skins).collect()
}

/// Where the pixels of value `v` lie in `r`.
fn pixels_of(s: &parlour::gfx::Surface, r: Rect, v: u32) -> Vec<(i32, i32)> {
    (r.y..r.bottom())
        .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| s.get(x, y) == Some(v))
        .collect()
}

/// The 2 under the pile, yellow where the wood shows, lies inside the
/// pile's box, and the keyboard's cursor on the pile leaves it whole: its
/// frame once drew through the 2, which read as a "?" on the Amigas and
/// YaZZle. On one bit, where the pile stands in a framed box, the box is
/// inverted under the cursor: the cursor's rings only thickened its frame.
#[test]
fn the_cursor_on_the_pile_shows_and_leaves_its_figures_whole_on_every_screen() {
    let seed = seed_where_the_player_opens_facing_a_pair(false);
    for choice in every_screen() {
        let (id, what) = (choice.id.unwrap(), format!("{:?} {:?} {:?}", choice.id, choice.depth, choice.skin));
        let mach = Machine::new(&choice, id).unwrap();
        let area = mach.content();
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(dir.path(), Some(seed));
        let b = view.board().layout(view.session().state(), &mach, area).pile_box;
        let around = b.inset(-6, -6);
        let drawn = |view: &RummiView| {
            let mut s = mach.new_surface();
            view.draw(&mut s, &mach, area);
            s
        };
        let mut before = drawn(&view);
        press(&mut view, &mach, area, Key::Right, 1);
        press(&mut view, &mach, area, Key::Up, 30);
        press(&mut view, &mach, area, Key::End, 1);
        let mut after = drawn(&view);
        if mach.look().is_monochrome() {
            let ink = after.value_for(parlour::gfx::Rgb::BLACK);
            let black = pixels_of(&after, b, ink).len();
            assert!(black * 2 > (b.w * b.h) as usize, "{what}: the pile's box is not inverted");
            continue;
        }
        let yellow = before.value_for(parlour::gfx::Rgb::hex(0xFFEE22));
        let sign = pixels_of(&before, around, yellow);
        assert!(sign.iter().all(|&(x, y)| b.contains(x, y)), "{what}: the 2 runs out of the pile's box");
        assert_eq!(pixels_of(&after, around, yellow), sign, "{what}: the cursor draws over the 2");
        assert_ne!(before.pixels(), after.pixels(), "{what}: no cursor on the pile");
    }
}

/// The pile's count reads on whatever it stands on, on every screen: on
/// the colour Mac it was black on the dark green felt (2.8:1), on the
/// Amigas and YaZZle's Plastiques black on their greens (3.9:1 and less).
#[test]
fn the_pile_count_reads_on_every_screen() {
    let dir = tempfile::tempdir().unwrap();
    let view = open(dir.path(), Some(1));
    for choice in every_screen() {
        let (id, what) = (choice.id.unwrap(), format!("{:?} {:?} {:?}", choice.id, choice.depth, choice.skin));
        let mach = Machine::new(&choice, id).unwrap();
        let area = mach.content();
        let l = view.board().layout(view.session().state(), &mach, area);
        let mut s = mach.new_surface();
        // YaZZle's chrome lays its skin's felt, the Felt pen, under the view.
        s.fill_rect(area, mach.look().paint(Pen::Felt));
        view.draw(&mut s, &mach, area);
        let b = l.pile_box;
        let count = Rect::new(b.x, l.pile_parts().count_y, b.w, tiles::digit_height(l.scale));
        let under = s.colour_at(count.x, count.y).unwrap();
        let inks: Vec<_> = (count.y..count.bottom())
            .flat_map(|y| (count.x..count.right()).map(move |x| (x, y)))
            .filter_map(|(x, y)| s.colour_at(x, y))
            .filter(|&c| c != under)
            .collect();
        assert!(!inks.is_empty(), "{what}: no count under the pile");
        for ink in inks {
            let ratio = ink.contrast(under);
            assert!(ratio >= 4.5, "{what}: the count is {ink:?} on {under:?}, {ratio:.1}:1");
        }
    }
}

/// The tiles' digits are as big on every YaZZle skin: Plastique v2's
/// tiles, a pixel or two shorter than Plastique's, once took digits of
/// half the size.
#[test]
fn every_yazzle_skin_draws_the_big_digits() {
    let dir = tempfile::tempdir().unwrap();
    let view = open(dir.path(), Some(3));
    for choice in every_screen().into_iter().filter(|c| c.skin.is_some()) {
        let mach = Machine::new(&choice, MachineId::Yazzle).unwrap();
        let l = view.board().layout(view.session().state(), &mach, mach.content());
        assert_eq!(l.scale, 2, "{:?}: tiles {:?}", choice.skin, l.tile());
    }
}

const PROGRAMS_PAIR: &str = "The program has a duplicate tile: the 2 under the pile says so.";

/// The 2 under the pile is explained in the status line whenever it
/// comes: on a deal that opens with it, at the start of a turn of the
/// player's where it is new, and when the pile is clicked. On the one-bit Mac, where it is
/// no yellow but black like the count above it, that is all that tells
/// the two apart. The sentence fits the status line whole, or its first
/// clause does, on the smallest screens; asked for by a click on the
/// pile, after the count, it comes in a box as well where the line
/// cannot keep it. Where the player holds a pair too, the deal offers the
/// swap, and so does the pile when clicked, after naming the 2.
#[test]
fn the_programs_duplicate_is_said_on_every_machine() {
    for holding_a_pair in [false, true] {
        the_programs_duplicate_is_said_on_every_machine_holding(holding_a_pair);
    }
}

fn the_programs_duplicate_is_said_on_every_machine_holding(holding_a_pair: bool) {
    let seed = seed_where_the_player_opens_facing_a_pair(holding_a_pair);
    let (at_the_deal, at_the_pile) = match holding_a_pair {
        false => (PROGRAMS_PAIR.to_string(), PROGRAMS_PAIR.to_string()),
        true => (
            "The program has a duplicate tile: you may swap one of yours.".to_string(),
            format!("{PROGRAMS_PAIR} You may swap one of yours."),
        ),
    };
    for id in MachineId::ALL {
        let dir = tempfile::tempdir().unwrap();
        let (mach, area) = machine(id);
        let mut view = open(dir.path(), Some(seed));
        view.input(&Input::Tick { ms: 10 }, &mach, area);
        assert_eq!(view.message(), at_the_deal, "{}: the deal", id.name());
        // A tile picked up and put back: the note has gone...
        click(&mut view, &mach, area, "tray 0");
        click(&mut view, &mach, area, "tray 0");
        // ...and a click on the pile says it again.
        let l = view.board().layout(view.session().state(), &mach, area);
        let (x, y) = (l.pile_box.x + l.pile_box.w / 2, l.pile_box.bottom() - 2);
        while view.take_notice().is_some() {}
        click_at(&mut view, &mach, area, (x, y));
        let left = view.session().state().pile().len();
        assert_eq!(view.message(), format!("{left} tiles left in the pile. {at_the_pile}"), "{}", id.name());
        // Where the line keeps only the count, a box says the rest.
        match view.take_notice() {
            Some(told) => assert_eq!(told.lines.join(" "), view.message(), "{}", id.name()),
            None => assert!(id != MachineId::AmigaPal, "amiga-pal: the pile's 2 is told in no box"),
        }
        let mut d = Driver::new(Shell::new(mach, Box::new(view), 1));
        d.update();
        assert!(d.clipped_text().is_empty(), "{}: cut: {:?}", id.name(), d.clipped_text());
    }
}

/// A deal the player opens, after which, the player having taken a tile,
/// the program plays tiles in its turn.
fn seed_where_the_program_plays() -> u64 {
    (0..)
        .find(|&s| {
            let mut g = RummiVariant::default().deal(s);
            if g.turn() != Side::Player {
                return false;
            }
            g.apply(&Move::Draw);
            matches!(computer::turn(&g, Level::Expert).first(), Some(Move::Put { .. }))
        })
        .unwrap()
}

/// Quit in the middle of the program's turn (its first tile down, the
/// rest to come), the game reopens with the program finishing that turn:
/// it takes its tile back and plays the turn whole, as it would have, and
/// Back up and Redo reach the deal and the end across it.
#[test]
fn a_program_turn_cut_short_by_quitting_is_played_whole_on_resume() {
    let seed = seed_where_the_program_plays();
    let (mach, area) = machine(MachineId::MacColor);
    let whole = {
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(dir.path(), Some(seed));
        click(&mut view, &mach, area, "gadget");
        let_the_program_play(&mut view, &mach, area);
        view.session().state().clone()
    };
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(seed));
    let dealt = view.session().state().clone();
    click(&mut view, &mach, area, "gadget");
    let drawn = view.session().cursor();
    while view.session().cursor() == drawn {
        view.input(&Input::Tick { ms: 100 }, &mach, area);
    }
    assert!(view.session().state().moved(), "the program has put a tile down");
    drop(view); // quit without a word, as a kill does
    let mut view = open(dir.path(), None);
    assert_eq!(view.session().state().turn(), Side::Program);
    // From the first frame the screen says whose turn it is, and the
    // Moves figure counts your moves only: your draw.
    assert_eq!(view.message(), "Resumed in the program's turn.");
    let moves = |view: &RummiView| view.fields().into_iter().find(|(name, _)| *name == "Moves").unwrap().1;
    assert_eq!(moves(&view), "1");
    let_the_program_play(&mut view, &mach, area);
    assert_eq!(view.session().state(), &whole, "the turn as it would have been played");
    assert_eq!(moves(&view), "1", "the program taking its tiles back and playing them are not your moves");
    assert_ne!(view.message(), "Resumed in the program's turn.", "not said once it is your turn");
    let end = view.session().cursor();
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &dealt, "Back up takes back the program's turn and your draw");
    view.command(&Command::Redo);
    assert_eq!(view.session().cursor(), end, "Redo steps over the whole program's turn");
    assert_eq!(view.session().state(), &whole);
}

/// The requester about an invalid play covers the middle of the table on
/// the smallest screen: once it is closed the invalid series is framed,
/// until the turn is over, so the player finds the one it meant. Every
/// screen shows the frame (at four greys red comes out as the felt's
/// grey, and the frame is black there).
#[test]
fn an_invalid_series_is_framed_once_the_requester_has_said_so() {
    for choice in MachineChoice::every_screen() {
        let id = choice.id.expect("every screen names its machine");
        let mach = Machine::new(&choice, id).unwrap();
        let area = mach.content();
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(dir.path(), Some(seed_where(Side::Player)));
        click(&mut view, &mach, area, "tray 0");
        click(&mut view, &mach, area, "cell 4:5");
        let paint = |view: &RummiView| left_of_cell_4_5(view, &mach, area);
        let felt = paint(&view);
        match click(&mut view, &mach, area, "gadget") {
            Response::Ask(req) => {
                assert!(req.lines[1].contains("the tiles you played go back"), "a first play: {req:?}")
            }
            other => panic!("no requester: {other:?}"),
        }
        view.answer(0);
        let framed = paint(&view);
        assert_ne!(framed, felt, "{choice:?}: the invalid series is framed");
        // Another tile added, still invalid: still framed.
        click(&mut view, &mach, area, "tray 0");
        click(&mut view, &mach, area, "cell 4:5");
        assert_eq!(paint(&view), framed);
        // The penalty ends the turn and the frame.
        click(&mut view, &mach, area, "gadget");
        click(&mut view, &mach, area, "gadget");
        assert_eq!(view.session().state().turn(), Side::Program);
        assert_eq!(paint(&view), felt);
    }
}

/// The first deal the player opens holding a valid set of three that
/// totals under 30, and that set, in the order it is laid.
fn seed_with_a_short_first_play() -> (u64, Vec<Kind>) {
    (0..)
        .find_map(|seed| {
            let st = RummiVariant::default().deal(seed);
            let tray: Vec<Kind> = st.tray(Side::Player).iter().map(|t| t.kind()).collect();
            let short = |set: &[Kind]| set.iter().map(|k| u32::from(k.number())).sum::<u32>() < FIRST_PLAY;
            let n = tray.len();
            let set = (0..n)
                .flat_map(|a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| [a, b, c])))
                .map(|picks| ordered(picks.iter().map(|&i| tray[i]).collect()))
                .find(|set| is_valid_set(set) && short(set))?;
            (st.turn() == Side::Player).then_some((seed, set))
        })
        .unwrap()
}

/// "A first play must total at least 30 … It is framed on the table": a
/// short first play of valid sets is framed once the requester is
/// closed, and the frame goes as soon as the play is taken back.
#[test]
fn a_short_first_play_is_framed_once_the_requester_has_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let (seed, set) = seed_with_a_short_first_play();
    let mut view = open(dir.path(), Some(seed));
    for kind in &set {
        let from = source_spot(view.session().state(), Source::Tray(*kind));
        click(&mut view, &mach, area, &from);
        click(&mut view, &mach, area, "cell 4:5");
    }
    let laid = view.session().state().table().series();
    assert_eq!(laid.len(), 1);
    assert_eq!(laid[0].kinds(), set, "laid as one valid set");
    let paint = |view: &RummiView| left_of_cell_4_5(view, &mach, area);
    let felt = paint(&view);
    match click(&mut view, &mach, area, "gadget") {
        // The penalty puts the whole first play back, valid sets too: the
        // box once said only "the invalid series" go back.
        Response::Ask(req) => {
            assert!(req.lines[0].contains("at least 30"), "{req:?}");
            assert!(req.lines[1].contains("the tiles you played go back to your tray"), "{req:?}");
            assert!(req.lines[1].starts_with("It is framed on the table. Put it right,"), "one series: {req:?}");
        }
        other => panic!("no requester: {other:?}"),
    }
    view.answer(0);
    assert_ne!(paint(&view), felt, "the short play is framed");
    // Its tiles taken back one by one: nothing left to frame.
    while let Some(series) = view.session().state().table().series().first() {
        let from = source_spot(view.session().state(), Source::Table { series: 0, kind: series.tiles[0].kind() });
        click(&mut view, &mach, area, &from);
        click(&mut view, &mach, area, "tray 0");
    }
    assert!(view.session().state().table().series().is_empty());
    assert_eq!(paint(&view), felt);
}

/// On the Amiga's title bar, which keeps only what fits, news of a swap
/// and of the program's turn is shown whole in a box as well.
#[test]
fn swaps_and_the_programs_draw_are_told_whole_on_the_smallest_screen() {
    let seed = seed_with_pairs_on_both_trays();
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed));
    while view.take_notice().is_some() {}
    let give = view.session().state().duplicates(Side::Player)[0];
    let take = swap_by_clicks(&mut view, &mach, area, give);
    let said = format!("You swapped your {give} for the program's {take}.");
    assert!(view.message().starts_with(&said), "{:?}", view.message());
    let told = view.take_notice().expect("a box tells it whole");
    assert_eq!(told.lines.join(" "), view.message());

    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(seed_where_the_program_draws(true)));
    click(&mut view, &mach, area, "gadget");
    while view.take_notice().is_some() {}
    let_the_program_play(&mut view, &mach, area);
    let told = view.take_notice().expect("a box tells it whole");
    assert_eq!(told.lines.join(" "), format!("The program drew a tile. {PROGRAMS_PAIR}"));
    // Where the status line shows it whole, no box.
    let (wide, area) = machine(MachineId::Yazzle);
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), Some(seed_where_the_program_draws(false)));
    click(&mut view, &wide, area, "gadget");
    while view.take_notice().is_some() {}
    let_the_program_play(&mut view, &wide, area);
    assert!(view.take_notice().is_none());
}

/// The keyboard's cursor on a tray tile stands out three pixels deep on
/// the colour screens as on the one-bit Mac: a dark, a light and a dark
/// ring across the gap to the next tile. The thin ring of two (a dark
/// line in the gap, a light one on the neighbour's lit edge) could hardly
/// be seen on the colour Mac and the YaZZle window.
#[test]
fn the_keyboard_cursor_is_three_rings_deep_on_colour_screens() {
    for choice in [
        MachineChoice {
            id: Some(MachineId::MacColor),
            depth: Some(parlour::machines::Depth::Colours16),
            ..Default::default()
        },
        MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() },
        MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() },
    ] {
        let id = choice.id.unwrap();
        let mach = Machine::new(&choice, id).unwrap();
        let area = mach.content();
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(dir.path(), Some(seed_where(Side::Player)));
        let (x, y) = view.board().point(view.session().state(), &mach, area, "tray 1").unwrap();
        let picture = |view: &RummiView| {
            let mut s = mach.new_surface();
            view.draw(&mut s, &mach, area);
            s
        };
        let before = picture(&view);
        press(&mut view, &mach, area, Key::Right, 2);
        let after = picture(&view);
        let tile = view.board().layout(view.session().state(), &mach, area).tile();
        let left = x - tile.0 / 2;
        let rings: Vec<u32> = (1..=3).map(|d| after.get(left - d, y).unwrap()).collect();
        for d in 1..=3 {
            assert_ne!(before.get(left - d, y), after.get(left - d, y), "{id:?}: ring {d} left of tray 1 not drawn");
        }
        assert!(rings[0] == rings[2] && rings[0] != rings[1], "{id:?}: dark, light, dark: {rings:x?}");
    }
}

/// The pile is a place of the keyboard's too: Right from the program's
/// tray reaches it, and Space says what its figures mean, as a click
/// does. The cursor once stopped at the program's tray.
#[test]
fn the_keyboard_reaches_the_pile() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    press(&mut view, &mach, area, Key::Up, 30);
    press(&mut view, &mach, area, Key::Right, 1);
    press(&mut view, &mach, area, Key::Char(' '), 1);
    let left = view.session().state().pile().len();
    assert!(view.message().contains(&format!("{left} tiles left in the pile.")), "{:?}", view.message());
    // Left goes back to the program's tray, where Space says how to swap.
    press(&mut view, &mach, area, Key::Left, 1);
    press(&mut view, &mach, area, Key::Char(' '), 1);
    assert!(view.message().contains("To swap"), "{:?}", view.message());
}

/// End takes the cursor from a tile of a long tray to the gadget, and
/// Home from there to the row's first tile: crossing the tray once took
/// a Right a tile.
#[test]
fn home_and_end_cross_the_tray() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = crowded(dir.path(), &mach, area, 30);
    press(&mut view, &mach, area, Key::Right, 3);
    press(&mut view, &mach, area, Key::End, 1);
    press(&mut view, &mach, area, Key::Char(' '), 1);
    assert_eq!(view.session().state().tray(Side::Player).len(), 31, "End reached the gadget: a tile taken");
    press(&mut view, &mach, area, Key::Home, 1);
    let first = view.session().state().tray(Side::Player)[0].kind();
    press(&mut view, &mach, area, Key::Char(' '), 1);
    click(&mut view, &mach, area, "cell 0:0");
    assert_eq!(tile_at(&view, 0, 0), Some(first), "Home reached the row's first tile");
}

/// While the program plays its turn the status line says so, and when
/// the turn is over it says how many tiles the program brought from its
/// tray to the table: its draws and swaps were said, its plays were not.
#[test]
fn the_programs_play_is_said_while_it_plays_and_counted_after() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::MacColor);
    let mut view = open(dir.path(), Some(seed_where_the_program_plays()));
    assert!(view.session().state().table().series().is_empty());
    click(&mut view, &mach, area, "gadget");
    assert_eq!(view.message(), "The program is playing...");
    let start = Instant::now();
    let mut puts = 0;
    while view.session().state().turn() == Side::Program {
        assert!(start.elapsed() < Duration::from_secs(30), "the program does not finish its turn");
        let before = view.session().cursor();
        view.input(&Input::Tick { ms: 100 }, &mach, area);
        if view.session().cursor() != before && view.session().state().turn() == Side::Program {
            puts += 1;
            assert_eq!(view.message(), "The program is playing...", "said as it plays");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(puts > 0);
    let played: usize = view.session().state().table().series().iter().map(|s| s.tiles.len()).sum();
    let said = format!("The program played {played} tile{}.", if played == 1 { "" } else { "s" });
    assert!(view.message().contains(&said), "{:?} says not {said:?}", view.message());
}

/// The frame round an invalid play is shown only once OK has said what
/// is wrong: a game closed and opened again in that turn frames nothing
/// (whether the requester was shown is not kept, and tiles laid out but
/// never offered are no fault yet) until OK says it again.
#[test]
fn a_game_reopened_mid_turn_frames_nothing_until_ok_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let (mach, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    click(&mut view, &mach, area, "tray 0");
    click(&mut view, &mach, area, "cell 4:5");
    let felt = left_of_cell_4_5(&view, &mach, area);
    assert!(matches!(click(&mut view, &mach, area, "gadget"), Response::Ask(_)));
    view.answer(0);
    let framed = left_of_cell_4_5(&view, &mach, area);
    assert_ne!(framed, felt);
    view.close();
    let mut view = open(dir.path(), None);
    assert_eq!(left_of_cell_4_5(&view, &mach, area), felt, "nothing framed once reopened");
    assert!(matches!(click(&mut view, &mach, area, "gadget"), Response::Ask(_)), "OK asks again, no penalty yet");
    view.answer(0);
    assert_eq!(left_of_cell_4_5(&view, &mach, area), framed, "framed once OK said so again");
    // Taken back, nothing is framed.
    click(&mut view, &mach, area, "cell 4:5");
    click(&mut view, &mach, area, "tray 0");
    assert_eq!(left_of_cell_4_5(&view, &mach, area), felt);
}

/// A seed asked for over a Rummi game in progress counts it lost, and
/// the status line names the way back as Rummi's menu does: Back up.
#[test]
fn a_seed_over_a_game_in_progress_names_back_up() {
    let dir = tempfile::tempdir().unwrap();
    let seed = (0..).find(|&s| RummiVariant::default().deal(s).turn() == Side::Player).unwrap();
    let mut view = open(dir.path(), Some(seed));
    view.play_move(&Move::Draw);
    assert!(view.session().can_undo(), "a game under way: {}", view.message());
    drop(view);
    let view = open(dir.path(), Some(seed + 1));
    assert_eq!(view.message(), "The game left was counted as lost: Back up brings it back.");
}

/// Rummi's screen sent behind the Workbench on an Amiga is in front on a
/// machine switched to without the Amiga's Screen menu, where nothing
/// would bring it back, and behind again back on the Amiga.
#[test]
fn a_screen_sent_behind_is_in_front_where_no_screen_menu_brings_it_back() {
    use parlour::views::board::Board;
    let dir = tempfile::tempdir().unwrap();
    let seed = Some(seed_where(Side::Player));
    let mut view = open_on(dir.path(), seed, Some(MachineId::AmigaPal));
    let (amiga, amiga_area) = machine(MachineId::AmigaPal);
    let (mac, mac_area) = machine(MachineId::MacSe30);
    let drawn = |view: &RummiView, m: &Machine, area: Rect| {
        let mut s = m.new_surface();
        view.draw(&mut s, m, area);
        s
    };
    let front_on_mac = drawn(&view, &mac, mac_area);
    view.command(&Command::View(parlour::views::rummi::BACK));
    drawn(&view, &amiga, amiga_area);
    assert_eq!(view.board().title(), "Workbench Screen");
    assert!(drawn(&view, &mac, mac_area) == front_on_mac, "the table is drawn on the Mac");
    assert_eq!(view.board().title(), "Rummi");
    drawn(&view, &amiga, amiga_area);
    assert_eq!(view.board().title(), "Workbench Screen", "the Amiga's screens stay as they were put");
    // Switched in the window, the title is read before the view is drawn:
    // the first frame on the Mac is titled for the Mac already.
    let mut d = Driver::new(Shell::new(amiga, Box::new(view), 1));
    d.update();
    assert_eq!(d.shell().title(), "Workbench Screen");
    d.command(&Command::Machine(MachineId::MacSe30));
    let fresh_dir = tempfile::tempdir().unwrap();
    let (mac, _) = machine(MachineId::MacSe30);
    let mut fresh = Driver::new(Shell::new(mac, Box::new(open_on(fresh_dir.path(), seed, None)), 1));
    fresh.update();
    // The window's title bar, under the menu bar.
    let title_bar = |d: &Driver| -> Vec<Option<u32>> {
        (20..40).flat_map(|y| (0..512).map(move |x| d.frame().get(x, y))).collect()
    };
    assert!(title_bar(&d) == title_bar(&fresh), "the first frame on the Mac is titled for the Mac");
}

/// A held tile was drawn at the last machine's pixels after a switch: off
/// the PAL screen, below its 256 lines, or mid-table going the other way,
/// until the next key. Held by the keyboard it now stays with the cursor
/// on the new screen; held by the mouse it lies over its own place until
/// the mouse moves there.
#[test]
fn a_held_tile_stays_in_place_when_the_machine_is_switched() {
    let dir = tempfile::tempdir().unwrap();
    let (yazzle, yazzle_area) = machine(MachineId::Yazzle);
    let (pal, area) = machine(MachineId::AmigaPal);
    let drawn = |view: &RummiView| {
        let mut s = pal.new_surface();
        view.draw(&mut s, &pal, area);
        s
    };

    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    for key in [Key::Down, Key::Down, Key::Right, Key::Enter] {
        press(&mut view, &yazzle, yazzle_area, key, 1);
    }
    view.machine_switched(MachineId::AmigaPal);
    let switched = drawn(&view);
    // Left and back again: the cursor is where it was, the tile drawn at it.
    press(&mut view, &pal, area, Key::Left, 1);
    press(&mut view, &pal, area, Key::Right, 1);
    assert!(drawn(&view) == switched, "the tile held by the keyboard is drawn at the cursor");
    press(&mut view, &pal, area, Key::Escape, 1);
    assert!(drawn(&view) != switched, "a tile was held, and Escape put it back");

    let mut view = open(dir.path(), Some(seed_where(Side::Player)));
    click(&mut view, &yazzle, yazzle_area, "tray 0");
    view.machine_switched(MachineId::AmigaPal);
    let switched = drawn(&view);
    let (x, y) = spot_on(&view, &pal, area, "tray 0");
    view.input(&Input::MouseMove { x: x + 2, y: y + 2 }, &pal, area);
    assert!(drawn(&view) == switched, "the tile held by the mouse lies over its place in the tray");
}
