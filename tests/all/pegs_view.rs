//! Peg solitaire played with the mouse through the view, as a player
//! would, on the headless machines; its journal, high scores, board
//! chooser and goldens of the English board.
//!
//! Every view here keeps its journals and high scores in a folder of its
//! own test, so nothing leaks between tests or into the user's data.

use std::path::Path;

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::core::Game;
use parlour::games::pegs::board::Board;
use parlour::games::pegs::library::BoardFile;
use parlour::games::pegs::rules::{BoardVariant, Jump};
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId};
use parlour::views::pegs::chooser::BoardChooser;
use parlour::views::pegs::{HIGH_SCORES, JOURNAL, PegsBoard};
use parlour::views::{OPEN_SELECTED, Response, View};

type PegsView = Controller<BoardVariant, PegsBoard>;

use super::support::{assert_golden, parlour, run_fed};

/// The English board, fixed here so the goldens do not follow boards/.
const ENGLISH: &str = "Version 2\nMode: Normal\n\
* * y y y * *\n\
* * y y y * *\n\
y y y y y y y\n\
y y y E y y y\n\
y y y y y y y\n\
* * y y y * *\n\
* * y y y * *\n";

fn variant(id: &str, text: &str) -> BoardVariant {
    BoardVariant::new(id, text.as_bytes(), Board::parse("test.brd", text.as_bytes()).unwrap())
}

/// A board opened as the app opens it: resumed from its journal in `dir`
/// if there is one.
fn open(name: &str, variant: BoardVariant, dir: &Path) -> PegsView {
    let board = PegsBoard::new(name, dir);
    Controller::open("pegs", variant, board, dir, &Opening::default())
}

fn english(dir: &Path) -> PegsView {
    open("English", variant("pegs/english", ENGLISH), dir)
}

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

/// A square by its name in jump notation: `d2` is row 1, column 3.
fn at(square: &str) -> (usize, usize) {
    let b = square.as_bytes();
    (square[1..].parse::<usize>().unwrap() - 1, (b[0] - b'a') as usize)
}

fn centre(view: &PegsView, m: &Machine, area: Rect, square: &str) -> (i32, i32) {
    let r = PegsBoard::cell_rect(view.session().state(), m, area, at(square));
    (r.x + r.w / 2, r.y + r.h / 2)
}

fn feed(view: &mut PegsView, m: &Machine, area: Rect, events: &[Input]) -> Vec<Response> {
    events.iter().map(|e| view.input(e, m, area)).collect()
}

fn drag(view: &mut PegsView, m: &Machine, area: Rect, from: &str, to: &str) -> Vec<Response> {
    let (a, b) = (centre(view, m, area, from), centre(view, m, area, to));
    feed(
        view,
        m,
        area,
        &[
            Input::MouseDown { x: a.0, y: a.1, button: Button::Left },
            Input::MouseMove { x: (a.0 + b.0) / 2, y: (a.1 + b.1) / 2 },
            Input::MouseMove { x: b.0, y: b.1 },
            Input::MouseUp { x: b.0, y: b.1, button: Button::Left },
        ],
    )
}

fn click(view: &mut PegsView, m: &Machine, area: Rect, square: &str) -> Vec<Response> {
    let (x, y) = centre(view, m, area, square);
    feed(
        view,
        m,
        area,
        &[Input::MouseDown { x, y, button: Button::Left }, Input::MouseUp { x, y, button: Button::Left }],
    )
}

fn jump(text: &str) -> Jump {
    let (from, to) = text.split_once('-').unwrap();
    Jump { from: at(from), to: at(to) }
}

#[test]
fn drag_and_click_jumps_a_refusal_with_its_reason_and_undo() {
    for id in [MachineId::Yazzle, MachineId::MacSe30, MachineId::AmigaPal] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(id);
        let mut view = english(dir.path());
        assert_eq!(view.fields()[3], ("Stones", "32".to_string()));

        drag(&mut view, &m, area, "d2", "d4");
        assert_eq!(view.session().move_count(), 1, "{id}: the drag did not jump");
        assert_eq!(view.session().state().stones(), 31);
        assert_eq!(view.fields()[0], ("Score", "20".to_string()));

        click(&mut view, &m, area, "f3");
        click(&mut view, &m, area, "d3");
        assert_eq!(view.session().move_count(), 2, "{id}: the clicks did not jump: {}", view.message());
        assert_eq!(view.fields()[3], ("Stones", "30".to_string()));

        // c1 to d2 is no jump at all; the rules say why.
        let state = view.session().state().clone();
        let reason = state.check(&jump("c1-d2")).unwrap_err().reason().to_string();
        click(&mut view, &m, area, "c1");
        click(&mut view, &m, area, "d2");
        assert_eq!(view.session().state(), &state, "{id}: an illegal jump changed the game");
        assert_eq!(view.message(), reason, "{id}");

        // Dropping a stone on a stone is refused too.
        drag(&mut view, &m, area, "d1", "d3");
        let reason = state.check(&jump("d1-d3")).unwrap_err().reason().to_string();
        assert_eq!(view.message(), reason, "{id}");
        assert_eq!(view.session().state(), &state);

        view.command(&Command::Undo);
        assert_eq!(view.session().move_count(), 1, "{id}: undo");
        view.command(&Command::Redo);
        assert_eq!(view.session().state(), &state, "{id}: redo");
    }
}

/// A board is dealt alike every time: taken back to its start by Undo
/// or Back to Start it is no game under way. Its clock stands, and New
/// Game deals it again at once, asking nothing and counting no loss,
/// where a game dealt at random would count (its deal has been seen).
#[test]
fn a_board_taken_back_to_its_start_is_no_game_under_way() {
    for back in [Command::Undo, Command::BackToStart] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(MachineId::MacSe30);
        let mut view = english(dir.path());
        drag(&mut view, &m, area, "d2", "d4");
        view.input(&Input::Tick { ms: 3000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 3000, "{back:?}: the clock runs once a stone has jumped");
        view.command(&back);
        assert_eq!(view.session().move_count(), 0, "{back:?}");
        view.input(&Input::Tick { ms: 3000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 3000, "{back:?}: the clock stands at the start");
        // Redone, the jump is a game under way again, its clock going on.
        view.command(&Command::Redo);
        view.input(&Input::Tick { ms: 3000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 6000, "{back:?}: the clock runs again");
        view.command(&back);
        assert_eq!(view.command(&Command::New), Some(Response::Redraw), "{back:?}: New Game asks nothing");
        let stats = parlour::core::Stats::load(dir.path()).unwrap_or_default();
        assert_eq!(stats.game("pegs/english").map(|g| g.lost), None, "{back:?}: no loss counted");
    }
}

#[test]
fn a_drag_that_goes_nowhere_or_a_click_on_the_felt_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = english(dir.path());
    drag(&mut view, &m, area, "d2", "d2");
    click(&mut view, &m, area, "c3");
    feed(&mut view, &m, area, &[Input::MouseDown { x: area.x + 2, y: area.y + 2, button: Button::Left }]);
    assert_eq!(view.session().move_count(), 0);
    // Clicking an empty slot with nothing picked says what to do.
    click(&mut view, &m, area, "d4");
    assert!(view.message().contains("Pick a stone"), "{}", view.message());
}

#[test]
fn a_hint_names_a_jump_that_can_still_win() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = english(dir.path());
    view.command(&Command::Hint);
    let hint = view.board().hinted().expect("the start of the English board has a hint");
    assert_eq!(view.message(), format!("Hint: {hint}."));
    assert!(view.session().state().check(&hint).is_ok());
    assert_eq!(view.board().cursor(), None, "no cursor for the mouse");
    // A keyboard player's cursor goes to the stone that jumps.
    let (m, area) = machine(MachineId::AmigaPal);
    view.input(&Input::Key { key: parlour::machines::Key::Left, mods: Default::default() }, &m, area);
    view.command(&Command::Hint);
    assert_eq!(view.board().cursor(), Some(hint.from));
}

/// In a window a hint is searched for on a thread of its own (a big
/// board's search took a good part of a second, the window frozen):
/// Hint says "Thinking..." and the hint comes at a tick; along the line
/// found, the next hint comes at once. One for a position left before
/// it answered is not shown.
#[test]
fn a_hint_in_a_window_is_thought_of_on_a_thread() {
    parlour::views::background::allow(true);
    let dir = tempfile::tempdir().unwrap();
    let mut view = english(dir.path());
    let (m, area) = machine(MachineId::Yazzle);
    let heard = |view: &mut PegsView| {
        let start = std::time::Instant::now();
        while view.message() == "Thinking..." {
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "the hint comes");
            std::thread::sleep(std::time::Duration::from_millis(5));
            view.input(&Input::Tick { ms: 100 }, &m, area);
        }
    };
    view.command(&Command::Hint);
    assert_eq!(view.message(), "Thinking...");
    heard(&mut view);
    let hint = view.board().hinted().expect("a hint came at a tick");
    assert_eq!(view.message(), format!("Hint: {hint}."));
    let (from, to) = (square_name(hint.from), square_name(hint.to));
    drag(&mut view, &m, area, &from, &to);
    view.command(&Command::Hint);
    assert!(view.message().starts_with("Hint: "), "along the line found, at once: {}", view.message());

    // A search for a position left before it answers says nothing.
    let fresh = tempfile::tempdir().unwrap();
    let mut view = english(fresh.path());
    view.command(&Command::Hint);
    assert_eq!(view.message(), "Thinking...");
    drag(&mut view, &m, area, "d2", "d4");
    view.command(&Command::Undo);
    heard(&mut view);
    assert_eq!(view.board().hinted(), None, "{}", view.message());
    parlour::views::background::allow(false);
}

/// The name of square (row, column) in jump notation: `d2` is row 1,
/// column 3.
fn square_name((row, col): (usize, usize)) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// A hint asked for before any key was used (a game resumed, its cursor
/// hidden): the first Space brings the cursor up on the stone the hint
/// framed and picks it, so the keys follow the hint as the guide says.
#[test]
fn the_first_space_after_a_hint_picks_the_hinted_stone() {
    use parlour::machines::Key;
    let dir = tempfile::tempdir().unwrap();
    let mut view = english(dir.path());
    let (m, area) = machine(MachineId::AmigaDblPal);
    view.command(&Command::Hint);
    let hint = view.board().hinted().unwrap();
    assert_eq!(view.board().cursor(), None);
    view.input(&Input::Key { key: Key::Char(' '), mods: Default::default() }, &m, area);
    assert_eq!(view.board().cursor(), Some(hint.from), "the cursor comes up on the hinted stone");
    // Walk the cursor to the hinted slot and jump there.
    let (dr, dc) = (hint.to.0 as i32 - hint.from.0 as i32, hint.to.1 as i32 - hint.from.1 as i32);
    let key = match (dr.signum(), dc.signum()) {
        (-1, 0) => Key::Up,
        (1, 0) => Key::Down,
        (0, -1) => Key::Left,
        _ => Key::Right,
    };
    for _ in 0..2 {
        view.input(&Input::Key { key, mods: Default::default() }, &m, area);
    }
    view.input(&Input::Key { key: Key::Char(' '), mods: Default::default() }, &m, area);
    assert_eq!(view.session().move_count(), 1, "{}", view.message());
}

/// A board shipped in boards/, opened as the app opens it.
fn shipped(name: &str, id: &str, dir: &Path) -> PegsView {
    let text = std::fs::read_to_string(format!("{}/boards/{name}.brd", env!("CARGO_MANIFEST_DIR"))).unwrap();
    open(name, variant(id, &text), dir)
}

/// Presses a key on `view` (on the Amiga PAL) and gives where the cursor
/// is then.
fn cursor_keys(mut view: PegsView) -> impl FnMut(parlour::machines::Key) -> Option<(usize, usize)> {
    let (m, area) = machine(MachineId::AmigaPal);
    move |key| {
        view.input(&Input::Key { key, mods: Default::default() }, &m, area);
        view.board().cursor()
    }
}

/// Up and Down go to the nearest slot of the next row, where nothing lies
/// straight above or below: a triangle's rows are offset.
#[test]
fn up_and_down_find_the_nearest_slot_of_an_offset_row() {
    use parlour::machines::Key;
    let dir = tempfile::tempdir().unwrap();
    let mut press = cursor_keys(shipped("Triangle 15", "pegs/triangle-15", dir.path()));
    assert_eq!(press(Key::Char(' ')), Some(at("a1")), "the first key shows the cursor");
    for _ in 0..4 {
        press(Key::Down);
    }
    let mut right = None;
    for _ in 0..4 {
        right = press(Key::Right);
    }
    assert_eq!(right, Some(at("e5")));
    assert_eq!(press(Key::Up), Some(at("d4")), "the nearest slot above, the left one of two");
    assert_eq!(press(Key::Down), Some(at("d5")));
}

/// Up and Down cross a ring's hole straight, as Left and Right do: the
/// next slot below d2 is d5, not c3 beside the hole.
#[test]
fn up_and_down_cross_a_hole_straight() {
    use parlour::machines::Key;
    let dir = tempfile::tempdir().unwrap();
    let mut press = cursor_keys(shipped("Ring", "pegs/ring", dir.path()));
    assert_eq!(press(Key::Char(' ')), Some(at("c1")), "the first key shows the cursor");
    press(Key::Right);
    assert_eq!(press(Key::Down), Some(at("d2")));
    assert_eq!(press(Key::Down), Some(at("d5")), "straight across the hole");
    assert_eq!(press(Key::Up), Some(at("d2")));
    assert_eq!(press(Key::Left), Some(at("c2")));
    assert_eq!(press(Key::Down), Some(at("c3")), "a slot straight below is the next row's");
    assert_eq!(press(Key::Right), Some(at("f3")), "along the row the hole is crossed too");
}

#[test]
fn the_end_of_a_game_is_announced_and_goes_into_the_high_scores() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open("Line", variant("pegs/line", "Version 2\nMode: Normal\nr g E\n"), dir.path());
    let responses = drag(&mut view, &m, area, "a1", "c1");
    let Some(Response::Ask(req)) = responses.last() else { panic!("no end-of-game box: {responses:?}") };
    assert_eq!(req.lines[0], "One stone left, in the target: a red stone.");
    assert!(req.lines.iter().any(|l| l.contains("high score")), "{:?}", req.lines);
    assert_eq!(view.message(), "One stone left, in the target: a red stone.");
    assert!(!view.can(&Command::Hint));

    let user = std::env::var("USER").unwrap_or_else(|_| "Player".into());
    let Some(Response::Ask(table)) = view.command(&Command::View(HIGH_SCORES)) else { panic!("no high-score box") };
    assert_eq!(table.lines, [format!("1. {user}: 1 stone, 10 points, 0:00")]);

    // Undo and Redo back to the same end do not enter the same game
    // twice; the board taken back to its start and finished again is a
    // new game, entered as one.
    view.command(&Command::Undo);
    view.command(&Command::Redo);
    let Some(Response::Ask(table)) = view.command(&Command::View(HIGH_SCORES)) else { panic!("no high-score box") };
    assert_eq!(table.lines.len(), 1);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("pegs/line").map(|g| (g.played, g.won)), Some((1, 1)), "counted once");
    view.command(&Command::Undo);
    let responses = drag(&mut view, &m, area, "a1", "c1");
    assert!(matches!(responses.last(), Some(Response::Ask(_))), "no box at the new game's end: {responses:?}");
    let Some(Response::Ask(table)) = view.command(&Command::View(HIGH_SCORES)) else { panic!("no high-score box") };
    assert_eq!(table.lines.len(), 2);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("pegs/line").map(|g| (g.played, g.won)), Some((2, 2)), "a new game");
    // The box's New Game button starts a new one.
    view.command(&Command::New);
    assert_eq!(view.session().move_count(), 0, "New Game after the end");

    let mut stuck = open("Two", variant("pegs/two", "Version 2\nMode: Normal\ny y e * y\n"), dir.path());
    drag(&mut stuck, &m, area, "a1", "c1");
    // The score and the high score's place, the end box's lines, are
    // sentences among sentences here: a loss enters the table too.
    assert_eq!(stuck.message(), "No jump remains: 2 stones left. Score: 20. A new high score: place 1 on this board.");
    assert!(stuck.take_notice().is_none(), "the SE/30's line shows the score: no box needed");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("pegs/two").map(|g| (g.played, g.lost)), Some((1, 1)));

    // The Amiga's title bar cannot show the score after the ending: the
    // two come in a box as well.
    let (amiga, amiga_area) = machine(MachineId::AmigaPal);
    let mut stuck = open("Two", variant("pegs/two", "Version 2\nMode: Normal\ny y e * y\n"), dir.path());
    stuck.command(&Command::New);
    drag(&mut stuck, &amiga, amiga_area, "a1", "c1");
    let told = stuck.take_notice().expect("no box with the score on the Amiga");
    assert_eq!(
        told.lines.join(" "),
        "No jump remains: 2 stones left. Score: 20. A new high score: place 2 on this board."
    );
    // A click on an empty slot of the finished board says the game is
    // over, not to pick a stone for a jump there is none of.
    let over = "The game is over: New Game starts another, Undo takes jumps back.";
    click(&mut stuck, &amiga, amiga_area, "a1");
    assert_eq!(stuck.message(), over);
    // So does a click on a stone, or Space, where they had picked up a
    // stone for a jump the rules would then refuse.
    for square in ["c1", "a1"] {
        click(&mut stuck, &amiga, amiga_area, square);
        assert_eq!(stuck.message(), over, "a click on {square}, after one on the stone at c1");
    }
    for _ in 0..2 {
        stuck.input(&Input::Key { key: Key::Char(' '), mods: Default::default() }, &amiga, amiga_area);
    }
    assert_eq!(stuck.message(), over, "Space");
}

/// The ending is said again wherever the player comes back to the
/// finished position: by Forward to End after Back to Start, by Redo, and
/// on resuming the game; the positions before it say nothing of it.
#[test]
fn the_ending_is_said_again_on_stepping_back_to_it() {
    let ending = "One stone left, in the target: a red stone.";
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let line = || variant("pegs/line", "Version 2\nMode: Normal\nr g E\n");
    let mut view = open("Line", line(), dir.path());
    drag(&mut view, &m, area, "a1", "c1");
    assert_eq!(view.message(), ending);
    view.command(&Command::BackToStart);
    assert_eq!(view.message(), "");
    view.command(&Command::ForwardToEnd);
    assert_eq!(view.message(), ending);
    view.command(&Command::Undo);
    assert_eq!(view.message(), "");
    view.command(&Command::Redo);
    assert_eq!(view.message(), ending);
    drop(view);
    assert_eq!(open("Line", line(), dir.path()).message(), ending);
}

/// The player's own English board that cannot be read gives way to the
/// built-in one named by its id too, as it does for the launcher's entry
/// (a Board File box tells of it): `shot pegs/english` plays it.
#[test]
fn a_broken_english_board_gives_way_by_its_id_too() {
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir(data.path().join("boards")).unwrap();
    std::fs::write(data.path().join("boards/English.brd"), "Version 2\nMode: Normal\ng g q e\n").unwrap();
    let shot = super::support::parlour()
        .env("PARLOUR_DATA_DIR", data.path())
        // Not the source tree, whose ./boards would be searched first.
        .current_dir(data.path())
        .args(["shot", "pegs/english", "--machine", "yazzle", "-o"])
        .arg(data.path().join("en.png"))
        .output()
        .unwrap();
    assert!(shot.status.success(), "{}", String::from_utf8_lossy(&shot.stderr));
}

/// A lost game taken back a jump and resumed says New Game starts it
/// again: every game on a board is set up alike, none is dealt.
#[test]
fn a_lost_game_resumed_says_new_game_starts_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    // After a1-c1 and d1-f1 no jump remains: three stones apart.
    let two = || variant("pegs/two", "Version 2\nMode: Normal\ny y e y y e * y\n");
    let mut view = open("Two", two(), dir.path());
    drag(&mut view, &m, area, "a1", "c1");
    drag(&mut view, &m, area, "d1", "f1");
    view.command(&Command::Undo);
    drop(view);
    assert_eq!(open("Two", two(), dir.path()).message(), "Lost game resumed: New Game starts it again.");
}

/// A board left with no solution is said so again on resuming, as after
/// the jump that lost it.
#[test]
fn a_board_with_no_solution_left_is_said_so_again_on_resuming() {
    let hopeless = "No solution from here: undo some jumps.";
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    // Jumping e1-g1 leaves a jump (a1-c1), and then two stones apart.
    let board = || variant("pegs/gap", "Version 2\nMode: Normal\ny y e e y y e\n");
    let mut view = open("Gap", board(), dir.path());
    drag(&mut view, &m, area, "e1", "g1");
    assert_eq!(view.message(), hopeless);
    drop(view);
    assert_eq!(open("Gap", board(), dir.path()).message(), format!("{hopeless} Game resumed."));
}

/// A board that cannot be won from its start says so, at the start and
/// after jumps, in the hint's answer and after each jump: undoing jumps,
/// which there may be none of, could never help.
#[test]
fn a_board_with_no_solution_from_its_start_says_so_not_to_undo() {
    let hopeless = "This board has no solution from its start.";
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open("Zigzag", variant("pegs/zigzag", "Version 2\nMode: Normal\ny y e e y y e e y\n"), dir.path());
    view.command(&Command::Hint);
    assert_eq!(view.message(), hopeless, "at the start, nothing to undo");
    drag(&mut view, &m, area, "a1", "c1");
    assert_eq!(view.session().move_count(), 1);
    assert_eq!(view.message(), hopeless, "after a jump");
    view.command(&Command::Hint);
    assert_eq!(view.message(), hopeless);
}

/// The keyboard's cursor is the two-pixel frame of every game's cursor,
/// a dark ring inside a light one: one pixel was lost on the board's wood.
#[test]
fn the_keyboard_cursor_is_two_pixels_thick() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = english(dir.path());
    view.input(&Input::Key { key: parlour::machines::Key::Left, mods: Default::default() }, &m, area);
    let at = view.board().cursor().expect("the arrow shows the cursor");
    let r = parlour::views::pegs::PegsBoard::cell_rect(view.session().state(), &m, area, at);
    let mut s = m.new_surface();
    view.draw(&mut s, &m, area);
    let look = m.look();
    let (ink, paper) = (look.colour(parlour::machines::Pen::Text), look.colour(parlour::machines::Pen::Shine));
    let x = r.x + r.w / 2;
    let rows: Vec<_> = (r.y - 4..r.y).map(|y| s.colour_at(x, y)).collect();
    let inked: Vec<usize> = (0..rows.len()).filter(|&i| rows[i] == Some(ink)).collect();
    assert_eq!(inked.len(), 1, "one dark row of the frame above the slot: {rows:?}");
    assert_eq!(rows[inked[0] - 1], Some(paper), "a light row outside it: {rows:?}");
}

/// A game won, the program closed and opened again (the won game is
/// back, finished, and New Game deals the next), and again: Undo walks
/// back into the win and Redo wins it again, and neither the statistics
/// nor the high scores count it twice.
#[test]
fn a_win_undone_and_redone_after_resuming_is_not_counted_again() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let line = || variant("pegs/line", "Version 2\nMode: Normal\nr g E\n");
    let mut view = open("Line", line(), dir.path());
    drag(&mut view, &m, area, "a1", "c1");
    drop(view);
    let mut again = open("Line", line(), dir.path());
    assert_eq!(again.session().state().status(), parlour::core::Status::Won, "the won game is back");
    assert_eq!(again.command(&Command::New), Some(Response::Redraw), "New Game asks nothing after a win");
    assert_eq!(again.session().move_count(), 0);
    drop(again);
    // Opened once more: the game at the cursor is now the new one.
    let mut again = open("Line", line(), dir.path());
    again.command(&Command::Undo);
    again.command(&Command::Undo);
    again.command(&Command::Redo);
    assert_eq!(again.session().state().status(), parlour::core::Status::Won, "Redo wins it again");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("pegs/line").map(|g| (g.played, g.won)), Some((1, 1)), "counted once");
    let Some(Response::Ask(table)) = again.command(&Command::View(HIGH_SCORES)) else { panic!("no high-score box") };
    assert_eq!(table.lines.len(), 1, "{:?}", table.lines);
}

/// The box that ends a game by a click comes up while the mouse button
/// is still down: letting go, even over the box's New Game, answers
/// nothing. Only a click of its own on a button does.
#[test]
fn the_release_of_the_winning_click_leaves_the_end_box_up() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let view = open("Line", variant("pegs/line", "Version 2\nMode: Normal\nr g E\n"), dir.path());
    let (a1, c1) = (centre(&view, &m, area, "a1"), centre(&view, &m, area, "c1"));
    let mut d = Driver::new(Shell::new(m, Box::new(view), 1));
    let press = |(x, y): (i32, i32)| Input::MouseDown { x, y, button: Button::Left };
    let release = |(x, y): (i32, i32)| Input::MouseUp { x, y, button: Button::Left };
    // Hint is off once the game is over, and on again in a new one.
    let can_hint = |d: &Driver| {
        d.shell().menus().iter().flat_map(|m| m.items.clone()).any(|i| i.command == Command::Hint && i.enabled)
    };
    d.feed(&[press(a1), release(a1), press(c1)]);
    let req = d.shell().requester().expect("the end-of-game box").clone();
    assert_eq!(req.buttons, ["OK", "New Game"]);
    assert!(!can_hint(&d));
    let m = d.shell().machine();
    let (_, buttons) = m.chrome().requester_layout(m.look(), &req);
    let new_game = (buttons[1].x + buttons[1].w / 2, buttons[1].y + buttons[1].h / 2);
    d.feed(&[release(new_game)]);
    assert_eq!(d.shell().requester(), Some(&req), "a release with no press of its own answers nothing");
    let ok = (buttons[0].x + buttons[0].w / 2, buttons[0].y + buttons[0].h / 2);
    d.feed(&[press(ok), release(new_game)]);
    assert_eq!(d.shell().requester(), Some(&req), "pressed on one button, let go on another");
    d.feed(&[press(new_game), release(new_game)]);
    assert!(d.shell().requester().is_none(), "a click on New Game answers");
    assert!(can_hint(&d), "and a new game starts");
}

/// Help opened by F1 while a stone is dragged takes the release: the
/// press is cancelled, so the stone goes back rather than stay in hand.
#[test]
fn a_stone_pressed_when_help_opens_is_let_be() {
    use parlour::machines::Modifiers;
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let view = english(dir.path());
    let d2 = centre(&view, &m, area, "d2");
    let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, dir.path().to_path_buf()));
    let before = d.frame().pixels().to_vec();
    let key = |key: Key| Input::Key { key, mods: Modifiers::default() };
    let to = (d2.0 + 40, d2.1 - 40);
    d.feed(&[Input::MouseDown { x: d2.0, y: d2.1, button: Button::Left }, Input::MouseMove { x: to.0, y: to.1 }]);
    assert!(d.frame().pixels() != before.as_slice(), "the stone is lifted");
    d.feed(&[key(Key::Function(1)), Input::MouseUp { x: to.0, y: to.1, button: Button::Left }, key(Key::Escape)]);
    assert!(d.frame().pixels() == before.as_slice(), "the stone is back, not in hand");
}

#[test]
fn the_journal_is_saved_after_every_jump_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = english(dir.path());
    drag(&mut view, &m, area, "d2", "d4");
    drag(&mut view, &m, area, "f3", "d3");
    assert!(matches!(view.command(&Command::View(JOURNAL)), Some(Response::Redraw)), "no journal box");
    let shown = view.board().journal_shown(view.session(), &m, area);
    assert_eq!(shown, Some((vec!["1. d2-d4 (+20)   2. f3-d3 (+20)".to_string()], 1)));
    feed(&mut view, &m, area, &[key(Key::Escape)]);
    assert!(view.board().journal_shown(view.session(), &m, area).is_none(), "Escape closes the journal");

    let again = english(dir.path());
    assert_eq!(again.session().state(), view.session().state());
    assert_eq!(again.session().move_count(), 2);
    assert!(again.message().contains("resumed"), "{}", again.message());

    // A journal for another version of the board goes on where its jumps
    // are all legal on this one, and is set aside, and said so, where not.
    let changed = ENGLISH.replace("Mode: Normal", "Mode: Diagonal");
    let diagonal = open("English", variant("pegs/english", &changed), dir.path());
    assert_eq!(diagonal.session().move_count(), 2);
    assert!(diagonal.message().starts_with("Resumed under the changed rules"), "{}", diagonal.message());
    // News of the moment, as "Game resumed." is: the first key takes it back.
    let mut diagonal = diagonal;
    feed(&mut diagonal, &m, area, &[key(Key::Right)]);
    assert!(!diagonal.message().contains("Resumed"), "{}", diagonal.message());
    let moved_hole = ENGLISH.replace("y y y E y y y", "y y y y y y y").replacen("* * y y y * *", "* * E y y * *", 1);
    let mut other = open("English", variant("pegs/english", &moved_hole), dir.path());
    assert_eq!(other.session().move_count(), 0);
    assert_eq!(other.message(), "The saved game could not be used: the board starts afresh.");
    let told = other.take_notice().expect("no box told of the journal set aside").lines.join(" ");
    assert!(told.contains("set aside as pegs-english.save.foreign-1"), "{told}");
    assert!(dir.path().join("journals/pegs-english.save.foreign-1").is_file());
}

/// The Diamond board, fixed here as the English one is.
const DIAMOND: &str = "Version 2\nMode: Normal\n\
* * * * g * * * *\n\
* * * g g g * * *\n\
* * g g e g g * *\n\
* g g y y y g g *\n\
g g y y y y y g g\n\
* g g y y y g g *\n\
* * g g y g g * *\n\
* * * g g g * * *\n\
* * * * g * * * *\n";

/// Whole games (`parlour solve`'s): the Diamond's 39 jumps, the English
/// board's 31.
const DIAMOND_WON: &str = "c3-e3 f3-d3 e1-e3 f5-f3 h4-f4 g6-g4 i5-g5 e6-g6 f8-f6 d7-f7 e9-e7 f7-d7 c6-e6 d8-d6 \
    c4-c6 a5-c5 e4-c4 b4-d4 c6-c4 c4-e4 d2-d4 e6-c6 b6-d6 g6-e6 g4-g6 h6-f6 e4-g4 f2-f4 d5-d3 d3-f3 g3-g5 f3-f5 \
    f5-h5 e6-g6 g7-g5 h5-f5 f5-d5 d5-d7 c7-e7";
const ENGLISH_WON: &str = "d2-d4 b3-d3 c1-c3 e1-c1 c4-c2 c1-c3 c6-c4 a5-c5 d5-b5 f5-d5 e7-e5 c7-e7 e4-e6 e7-e5 \
    e2-e4 g3-e3 g5-g3 d3-f3 g3-e3 a3-a5 a5-c5 c4-c6 e4-c4 c3-c5 d5-f5 f5-f3 f3-d3 c6-c4 b4-d4 d3-d5 d6-d4";

fn key(key: Key) -> Input {
    Input::Key { key, mods: Default::default() }
}

/// The Journal box after a whole game fits between the title bar and the
/// status line on every screen, and its list scrolls to every jump, the
/// first ones too, by the keys and the wheel (the scroll bar is every list's). It
/// once was a requester that showed the last 30 jumps under "(9 earlier
/// jumps)", and on the SE/30 ran over the title bar after 31.
#[test]
fn the_journal_box_fits_its_screen_and_scrolls_to_every_jump() {
    let boards = [("Diamond", "pegs/diamond", DIAMOND, DIAMOND_WON), ("English", "pegs/english", ENGLISH, ENGLISH_WON)];
    for (name, id, text, won) in boards {
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(name, variant(id, text), dir.path());
        let jumps: Vec<&str> = won.split_whitespace().collect();
        for j in &jumps {
            view.play_move(&jump(j));
        }
        assert_eq!(view.session().state().stones(), 1, "{name}: the game is won");
        for machine_id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
            let (m, area) = machine(machine_id);
            assert!(matches!(view.command(&Command::View(JOURNAL)), Some(Response::Redraw)));
            let at = format!("{name} on {machine_id:?}");
            let frame = view.board().journal_frame(view.session(), &m, area).expect("the journal is open");
            assert!(
                frame.x >= area.x
                    && frame.y >= area.y
                    && frame.right() <= area.right()
                    && frame.bottom() <= area.bottom(),
                "{at}: the box {frame:?} is not within the area {area:?} between the title bar and the status line"
            );
            let shown = |view: &PegsView| view.board().journal_shown(view.session(), &m, area).unwrap();
            let (rows, total) = shown(&view);
            let last = format!("{}. {}", jumps.len(), jumps[jumps.len() - 1]);
            assert!(rows.last().unwrap().contains(&last), "{at}: it opens on the last jump: {rows:?}");
            let every: Vec<String> = {
                feed(&mut view, &m, area, &[key(Key::Home)]);
                let mut seen = Vec::new();
                loop {
                    let (rows, _) = shown(&view);
                    seen.extend(rows);
                    if seen.iter().any(|r| r.contains(&last)) {
                        break seen;
                    }
                    assert!(seen.len() <= 2 * total, "{at}: Page Down never reaches the end");
                    feed(&mut view, &m, area, &[key(Key::PageDown)]);
                }
            };
            for (i, j) in jumps.iter().enumerate() {
                let wanted = format!("{}. {j} (+", i + 1);
                assert!(every.iter().any(|r| r.contains(&wanted)), "{at}: jump {wanted} is never in view");
            }
            let (top, _) = {
                feed(&mut view, &m, area, &[key(Key::Home)]);
                shown(&view)
            };
            assert!(top[0].starts_with(&format!("1. {}", jumps[0])), "{at}: Home shows the first jump: {top:?}");
            if top.len() < total {
                // Down and the wheel each move the list.
                feed(&mut view, &m, area, &[key(Key::Down)]);
                assert_eq!(shown(&view).0[0], top[1], "{at}: Down");
                let (x, y) = (frame.x + frame.w / 2, frame.y + frame.h / 2);
                feed(&mut view, &m, area, &[Input::Wheel { x, y, dy: -1 }]);
                assert!(shown(&view).0[0].starts_with("1. "), "{at}: the wheel scrolls back");
                feed(&mut view, &m, area, &[key(Key::End)]);
                assert!(shown(&view).0.last().unwrap().contains(&last), "{at}: End");
            }
            feed(&mut view, &m, area, &[key(Key::Enter)]);
            assert!(view.board().journal_shown(view.session(), &m, area).is_none(), "{at}: Return closes it");
        }
    }
}

/// The Journal box holds the menus while it is open, as every box does:
/// a script's menu line is refused until it is closed.
#[test]
fn the_menus_wait_for_the_journal_box() {
    let dir = tempfile::tempdir().unwrap();
    let (m, _) = machine(MachineId::MacSe30);
    let mut d = Driver::new(Shell::new(m, Box::new(english(dir.path())), 1));
    d.command(&Command::View(JOURNAL));
    assert!(d.shell().view_boxed(), "the journal box holds the menus");
    d.feed(&[key(Key::Escape)]);
    assert!(!d.shell().view_boxed(), "Escape closes it");

    let data = tempfile::tempdir().unwrap();
    let out = data.path().join("shot.png").to_string_lossy().to_string();
    let board = data.path().join("English.brd");
    std::fs::write(&board, ENGLISH).unwrap();
    let args = ["shot", board.to_str().unwrap(), "--machine", "amiga-pal", "--events", "-", "-o", &out];
    let done = run_fed(data.path(), &args, "menu Game > Journal...\nmenu Game > New Game\n");
    assert!(!done.status.success(), "New Game ran over the journal box");
    let closed = run_fed(data.path(), &args, "menu Game > Journal...\nkey Return\nmenu Game > New Game\n");
    assert!(closed.status.success(), "{}", String::from_utf8_lossy(&closed.stderr));
}

/// A game dealt on top of one resumed under changed rules is no game
/// resumed: the status line does not say it was.
#[test]
fn a_deal_over_a_game_resumed_under_changed_rules_says_nothing_of_them() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = english(dir.path());
    drag(&mut view, &m, area, "d2", "d4");
    let changed = variant("pegs/english", &ENGLISH.replace("Mode: Normal", "Mode: Diagonal"));
    let how = Opening { seed: Some(5), fresh_seed: 5, ..Opening::default() };
    let dealt = Controller::open("pegs", changed, PegsBoard::new("English", dir.path()), dir.path(), &how);
    assert_eq!(dealt.session().move_count(), 0, "a new deal");
    assert!(!dealt.message().contains("Resumed"), "{}", dealt.message());
}

#[test]
fn a_broken_journal_is_set_aside_and_play_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let journals = dir.path().join("journals");
    std::fs::create_dir_all(&journals).unwrap();
    std::fs::write(journals.join("pegs-english.save"), "parlour-save 1\ngame: pegs/english\nrubbish\n").unwrap();
    let mut view = english(dir.path());
    assert_eq!(view.session().move_count(), 0);
    assert_eq!(view.message(), "The saved game was damaged: the board starts afresh.");
    let told = view.take_notice().expect("no box told of the broken journal").lines.join(" ");
    assert!(told.contains("pegs-english.save, line 3:"), "{told}");
    assert!(view.take_notice().is_none(), "told twice");
    assert!(journals.join("pegs-english.save.damaged-1").is_file());
}

#[test]
fn the_english_board_on_three_machines() {
    for id in [MachineId::Yazzle, MachineId::AmigaPal, MachineId::MacSe30] {
        let dir = tempfile::tempdir().unwrap();
        let (m, _) = machine(id);
        let d = Driver::new(Shell::new(m, Box::new(english(dir.path())), 1));
        assert_golden(&format!("pegs-english-{}", id.name()), d.frame());
    }
}

fn board_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("English Standard Board.brd"), ENGLISH).unwrap();
    std::fs::write(dir.path().join("Broken.brd"), "Version 2\nMode: Normal\ny q e\n").unwrap();
    std::fs::write(dir.path().join("Triangle.brd"), "Version 2\nMode: Diagonal\n..e * *\n.y y *\ny Y y\n").unwrap();
    dir
}

fn chooser(dir: &Path, current: &str) -> BoardChooser {
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    BoardChooser::new(files.iter().map(|p| BoardFile::load(p)).collect(), current)
}

#[test]
fn the_board_chooser_opens_a_board_and_refuses_a_broken_one() {
    let dir = board_folder();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut c = chooser(dir.path(), "pegs/english-standard-board");
    let open_board = Command::View(OPEN_SELECTED);
    assert!(c.can(&open_board));
    let Some(Response::Command(cmd)) = c.command(&open_board) else { panic!("OK did nothing") };
    assert_eq!(cmd, Command::Play(dir.path().join("English Standard Board.brd").display().to_string()));
    c.input(&Input::Key { key: parlour::machines::Key::Up, mods: Default::default() }, &m, area);
    assert!(!c.can(&open_board), "Broken is listed first and cannot be opened");
    assert_eq!(c.command(&open_board), None);
    c.input(&Input::Key { key: parlour::machines::Key::Enter, mods: Default::default() }, &m, area);
    assert!(c.message().contains("Broken cannot be played"), "{}", c.message());
    assert!(c.message().contains("is not a board element"), "{}", c.message());
}

/// The board chooser's list moves by the keys every list does: Home to
/// the first board, End to the last, the arrows a board at a time.
#[test]
fn the_board_chooser_moves_by_the_keys_of_every_list() {
    let dir = board_folder();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut c = chooser(dir.path(), "pegs/english-standard-board");
    let key = |key| Input::Key { key, mods: Default::default() };
    let chosen = |c: &mut BoardChooser| match c.command(&Command::View(OPEN_SELECTED)) {
        Some(Response::Command(Command::Play(path))) => path,
        other => format!("{other:?}"),
    };
    c.input(&key(parlour::machines::Key::End), &m, area);
    assert!(chosen(&mut c).ends_with("Triangle.brd"), "End");
    c.input(&key(parlour::machines::Key::Home), &m, area);
    assert_eq!(chosen(&mut c), "None", "Home: Broken, first, cannot be opened");
    c.input(&key(parlour::machines::Key::Down), &m, area);
    assert!(chosen(&mut c).ends_with("English Standard Board.brd"), "Down");
}

/// A board opened by its path, which the board folders do not hold, is
/// listed by Choose Board, selected: OK opens it again, not another.
#[test]
fn a_board_opened_by_its_path_is_listed_by_the_chooser() {
    let dir = board_folder();
    let data = tempfile::tempdir().unwrap();
    let path = dir.path().join("Triangle.brd").display().to_string();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal).0, 1, data.path().to_path_buf()));
    d.command(&Command::Play(path));
    assert_eq!(d.shell().title(), "Triangle");
    d.command(&Command::Variants);
    d.command(&Command::View(OPEN_SELECTED));
    assert_eq!(d.shell().title(), "Triangle", "OK opened another board than the one open");
}

/// A double-click on a board opens it, as in the launcher; two clicks
/// far apart in time only select.
#[test]
fn a_double_click_in_the_board_chooser_opens_the_board() {
    let dir = board_folder();
    let (m, area) = machine(MachineId::Yazzle);
    let press =
        |c: &mut BoardChooser, y: i32| c.input(&Input::MouseDown { x: area.x + 40, y, button: Button::Left }, &m, area);
    let mut c = chooser(dir.path(), "pegs/triangle");
    // The last row, Triangle, found from below.
    let row = (area.y..area.bottom())
        .rev()
        .step_by(2)
        .find(|&y| press(&mut c, y) != Response::Unchanged || c.wants_ticks())
        .expect("a row of the list");
    assert!(c.wants_ticks(), "the first click waits for a second");
    let Response::Command(Command::Play(path)) = press(&mut c, row) else { panic!("the double-click opened nothing") };
    assert!(path.ends_with("Triangle.brd"), "{path}");
    press(&mut c, row);
    c.input(&Input::Tick { ms: 600 }, &m, area);
    assert!(!c.wants_ticks());
    assert!(!matches!(press(&mut c, row), Response::Command(_)), "two slow clicks only select");
}

#[test]
fn the_board_chooser_on_the_smallest_screen() {
    let dir = board_folder();
    let (m, _) = machine(MachineId::AmigaPal);
    let d = Driver::new(Shell::new(m, Box::new(chooser(dir.path(), "pegs/triangle")), 1));
    assert_golden("pegs-chooser-amiga-pal", d.frame());
}

/// On the smallest screens a broken board with a long name is told in
/// full: the caption grows to hold its file's name and the reason to its
/// last word, and nothing is cut.
#[test]
fn a_broken_board_is_told_whole_on_the_smallest_screen() {
    let dir = board_folder();
    let long = "A broken one with a rather long name";
    std::fs::write(dir.path().join(format!("{long}.brd")), "Version 2\nMode: Normal\ny y y\ny x y\n").unwrap();
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let (m, _) = machine(id);
        let c = chooser(dir.path(), "pegs/a-broken-one-with-a-rather-long-name");
        assert!(c.message().ends_with("boards"), "the broken board is selected: {}", c.message());
        let d = Driver::new(Shell::new(m, Box::new(c), 1));
        assert!(d.clipped_text().is_empty(), "cut on {id:?}: {:?}", d.clipped_text());
    }
}

#[test]
fn play_and_shot_take_a_board_file_and_the_launcher_lists_peg_solitaire() {
    let dir = board_folder();
    let english = dir.path().join("English Standard Board.brd");
    let out = dir.path().join("shot.png");
    // A data folder of its own: the board shot last is kept there, for
    // the launcher's Peg Solitaire to open next.
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        parlour().env("PARLOUR_BOARDS", dir.path()).env("PARLOUR_DATA_DIR", data.path()).args(args).output().unwrap()
    };
    let shot = run(&["shot", &english.to_string_lossy(), "--machine", "mac-se30", "-o", &out.to_string_lossy()]);
    assert!(shot.status.success(), "{}", String::from_utf8_lossy(&shot.stderr));
    let png = parlour::gfx::image_io::decode_png("shot", &std::fs::read(&out).unwrap()).unwrap();
    assert_eq!((png.width, png.height), (512, 342));

    let broken = dir.path().join("Broken.brd");
    let failed = run(&["shot", &broken.to_string_lossy(), "-o", &out.to_string_lossy()]);
    assert_eq!(failed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&failed.stderr).contains("Broken.brd:3:"), "{:?}", failed);

    let list = String::from_utf8(run(&["list"]).stdout).unwrap();
    assert!(list.lines().any(|l| l == "pegs\tPeg Solitaire"), "{list}");
    let by_id = run(&["shot", "pegs/triangle", "-o", &out.to_string_lossy()]);
    assert!(by_id.status.success(), "{}", String::from_utf8_lossy(&by_id.stderr));

    let empty = tempfile::tempdir().unwrap();
    let list = parlour().env("PARLOUR_BOARDS", empty.path()).arg("list").output().unwrap();
    assert!(!String::from_utf8(list.stdout).unwrap().contains("Peg Solitaire"));
}

/// The names of the files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// A board opened by its path that is not the one the board folders hold
/// under its id (a changed copy of the English board beside a player's
/// work) goes by an id of its own, the same each time: its game neither
/// sets the English game's journal aside nor is set aside by it. The
/// board folders' own file, named by its path however it is spelt, is
/// still the English board.
#[test]
fn a_copied_board_keeps_apart_from_the_one_it_copies() {
    let boards = tempfile::tempdir().unwrap();
    let english = boards.path().join("English.brd");
    std::fs::write(&english, ENGLISH).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let copy = elsewhere.path().join("English.brd");
    std::fs::write(&copy, ENGLISH.replace("y y y E y y y", "y y y E y y e")).unwrap();
    let data = tempfile::tempdir().unwrap();
    let out = data.path().join("shot.png");
    let shot = |target: &Path| {
        let done = parlour()
            .env("PARLOUR_BOARDS", boards.path())
            .env("PARLOUR_DATA_DIR", data.path())
            .args(["shot", &target.to_string_lossy(), "-o", &out.to_string_lossy()])
            .output()
            .unwrap();
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        files_in(&data.path().join("journals")).into_iter().filter(|f| !f.ends_with(".bak")).collect::<Vec<_>>()
    };
    assert_eq!(shot(Path::new("pegs")), ["pegs-english.save"]);
    let journals = shot(&copy);
    assert_eq!(journals.len(), 2, "{journals:?}");
    let apart = journals.iter().find(|f| *f != "pegs-english.save").unwrap();
    assert!(apart.starts_with("pegs-english-") && apart.ends_with(".save"), "{journals:?}");
    assert_eq!(shot(Path::new("pegs")), journals, "nothing set aside");
    assert_eq!(shot(&copy), journals, "the copy's game resumed, nothing set aside");
    assert_eq!(shot(&english), journals, "the listed board by its path is the English board");
    let roundabout = boards.path().join("..").join(boards.path().file_name().unwrap()).join("English.brd");
    assert_eq!(shot(&roundabout), journals, "however its path is spelt");

    // The same through the catalog, where ./boards is searched first.
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/English.brd");
    let find = |p: &Path| parlour::app::catalog::find(p.to_str().unwrap()).unwrap().game_id;
    assert_eq!(find(&here), "pegs/english");
    let copied = find(&copy);
    assert!(copied.starts_with("pegs/english-") && copied.len() <= 64, "{copied}");
    assert_eq!(find(&copy), copied, "the same each time");
    // A long name is cut to leave room for the place's tag.
    let long = elsewhere.path().join(format!("{}.brd", "Long ".repeat(20)));
    std::fs::write(&long, ENGLISH).unwrap();
    let long_id = find(&long);
    assert!(long_id.len() <= 64 && long_id.starts_with("pegs/long-long-"), "{long_id}");
}

/// A damaged high-score file is told of as a board opens: in short on the
/// status line, in full in a box; its backup takes its place, and with no
/// good backup the tables start afresh, said so too.
#[test]
fn damaged_high_scores_are_told_of_as_a_board_opens() {
    use parlour::core::highscores::HighScores;
    let dir = tempfile::tempdir().unwrap();
    HighScores::default().save(dir.path()).unwrap();
    HighScores::default().save(dir.path()).unwrap();
    let file = HighScores::path(dir.path());
    let good = std::fs::read(&file).unwrap();
    std::fs::write(&file, "damaged\n").unwrap();
    let mut view = english(dir.path());
    assert_eq!(view.message(), "The high scores were damaged: their previous copy was used.");
    let told = view.take_notice().expect("no box told of the damaged high scores").lines.join(" ");
    assert!(told.contains("highscores.txt:1:") && told.ends_with("was loaded instead."), "{told}");
    assert_eq!(std::fs::read(&file).unwrap(), good, "the backup did not take the file's place");
    drop(view);
    assert!(english(dir.path()).take_notice().is_none(), "told again of a file put right");

    std::fs::remove_file(parlour::core::files::backup_path(&file)).unwrap();
    std::fs::write(&file, "damaged again\n").unwrap();
    let mut view = english(dir.path());
    assert_eq!(view.message(), "The high scores were damaged: they start afresh.");
    let told = view.take_notice().expect("no box told of the tables started afresh").lines.join(" ");
    assert!(told.ends_with("with no good backup, your high scores start afresh."), "{told}");
}

/// The board opening names itself in the status line, so the Amiga PAL,
/// whose title bar has no room for the title beside the figures, says
/// which board is played; a game resumed says so instead.
#[test]
fn a_board_opening_names_itself_in_the_status_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open("Triangle 21", variant("pegs/english", ENGLISH), dir.path());
    assert_eq!(view.message(), "Board: Triangle 21.");
    let (m, area) = machine(MachineId::AmigaPal);
    drag(&mut view, &m, area, "d2", "d4");
    assert_eq!(view.session().move_count(), 1, "{}", view.message());
    drop(view);
    assert_eq!(open("English", variant("pegs/english", ENGLISH), dir.path()).message(), "Game resumed.");
}

/// Peg Solitaire opens on the board last played, as Sokoban opens at its
/// level and Scramble at its size: a board chosen with Game > Choose
/// Board is kept in prefs.ini as it opens, and the launcher's entry (and
/// `parlour play pegs`) comes back to it. The English board opens at
/// first, and where the kept board is no longer there, saying so by the
/// line of prefs.ini.
#[test]
fn peg_solitaire_reopens_on_the_board_last_played() {
    let dir = tempfile::tempdir().unwrap();
    let places = parlour::host::Places { data_dir: dir.path().to_path_buf(), ..parlour::app::catalog::places() };
    let launcher = || parlour::host::find("pegs", &places).unwrap();
    assert_eq!(launcher().game_id, "pegs/english");
    let triangle = parlour::host::find("pegs/triangle-15", &places).unwrap();
    let mut view = parlour::host::open(&triangle, &places, &Opening::default()).unwrap();
    let again = launcher();
    assert_eq!((again.game_id.as_str(), again.name.as_str()), ("pegs/triangle-15", "Peg Solitaire"));
    view.close();
    assert_eq!(parlour::host::open(&launcher(), &places, &Opening::default()).unwrap().title(), "Triangle 15");

    let prefs = dir.path().join("prefs.ini");
    std::fs::write(&prefs, "[pegs]\nboard=pegs/gone\n").unwrap();
    while parlour::host::warnings::take().is_some() {}
    let english = launcher();
    assert_eq!(english.game_id, "pegs/english");
    assert!(parlour::host::warnings::take().is_none(), "listing the games tells of the kept board");
    let view = parlour::host::open(&english, &places, &Opening::default()).unwrap();
    assert_eq!(view.title(), "English");
    let told = parlour::host::warnings::take().expect("the kept board gone is not told as it opens").lines.join(" ");
    let why = "no board folder holds board `pegs/gone`; the English board is played.";
    assert_eq!(told, format!("{}:2: {why}", prefs.display()));
}

/// A kept board gone, where the board folders hold no English board
/// either, is told of with the board played in its place: the first that
/// reads, not an English board that is not there.
#[test]
fn a_kept_board_gone_names_the_board_played_instead() {
    let (data, boards) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(boards.path().join("Arch.brd"), "Version 2\nMode: Normal\ng g e\n").unwrap();
    std::fs::write(data.path().join("prefs.ini"), "[pegs]\nboard=pegs/gone\n").unwrap();
    let out = data.path().join("shot.png");
    let run = parlour()
        .env("PARLOUR_DATA_DIR", data.path())
        .env("PARLOUR_BOARDS", boards.path())
        .args(["shot", "pegs", "--events", "-", "-o"])
        .arg(&out)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("no board folder holds board `pegs/gone`; the Arch board is played"), "{said}");
}

/// The player's own English board, broken, is passed over for the next
/// English board the folders hold, which the launcher's Peg Solitaire
/// plays: Choose Board and Help still go by that game, as they would
/// with no broken copy, where they had looked the board's id up afresh,
/// found the broken copy, and done nothing or shown the error.
#[test]
fn a_broken_english_board_passed_over_leaves_choose_board_and_help_working() {
    let (broken, good) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(broken.path().join("English.brd"), "Version 2\nMode: Normal\ny y e\ny y\n").unwrap();
    std::fs::write(good.path().join("English.brd"), ENGLISH).unwrap();
    std::fs::write(good.path().join("Triangle.brd"), "Version 2\nMode: Diagonal\n..e * *\n.y y *\ny Y y\n").unwrap();
    let both = std::env::join_paths([broken.path(), good.path()]).unwrap();
    // Return closes the box telling of the broken board.
    let shot = |boards: &std::ffi::OsStr, events: &str| {
        let data = tempfile::tempdir().unwrap();
        let (events_file, png) = (data.path().join("events"), data.path().join("shot.png"));
        std::fs::write(&events_file, format!("key Return\n{events}")).unwrap();
        let out = parlour()
            .env("PARLOUR_BOARDS", boards)
            .env("PARLOUR_DATA_DIR", data.path())
            .args(["shot", "pegs", "--machine", "amiga-pal", "--events"])
            .arg(&events_file)
            .arg("-o")
            .arg(&png)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let prefs = std::fs::read_to_string(data.path().join("prefs.ini")).unwrap_or_default();
        (std::fs::read(&png).unwrap(), prefs)
    };
    let (_, prefs) = shot(&both, "key ctrl+b\nkey End\nkey Return\n");
    assert!(prefs.contains("board=pegs/triangle"), "Choose Board did not open Triangle: {prefs:?}");
    let (help, _) = shot(&both, "key F1\n");
    let (help_alone, _) = shot(good.path().as_os_str(), "key F1\n");
    assert!(help == help_alone, "Help did not show the pegs help it shows without the broken board");
}

/// A board set up so that no stone can jump is over before the first
/// move: it says so as it opens and after New Game, not only at the
/// first key, and the game is not counted, no move having been made.
#[test]
fn a_board_where_no_stone_can_jump_says_the_game_is_over_as_it_opens() {
    let dir = tempfile::tempdir().unwrap();
    let apart = || variant("pegs/apart", "Version 2\nMode: Normal\ng e e g\n");
    let ending = "No jump remains: 2 stones left.";
    let mut view = open("Apart", apart(), dir.path());
    assert!(view.message().starts_with(ending), "{:?}", view.message());
    view.command(&Command::New);
    assert!(view.message().starts_with(ending), "after New Game: {:?}", view.message());
    view.command(&Command::Restart);
    assert!(view.message().starts_with(ending), "after Restart: {:?}", view.message());
    drop(view);
    assert!(open("Apart", apart(), dir.path()).message().starts_with(ending), "opened again");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("pegs/apart").map(|g| g.played).unwrap_or(0), 0, "no game played, none counted");
}
