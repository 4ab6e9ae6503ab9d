//! The launcher's list: scroll bar, wheel, keys, double-click, the
//! selection kept for when it comes back, and game.bmp previews.

use parlour::app::driver::Driver;
use parlour::app::launcher::Launcher;
use parlour::app::script;
use parlour::app::shell::Shell;
use parlour::gfx::Rect;
use parlour::host::{Kind, LeftOut};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::{OPEN_SELECTED, Response, View};

use super::support::assert_golden;

fn machine(id: MachineId) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

/// A launcher of `n` made-up games, g00 to g(n-1), without pictures.
fn many(n: usize) -> Launcher {
    Launcher::listing((0..n).map(|i| (format!("g{i:02}"), format!("Game {i:02}"))).collect())
}

/// The game Play would open now.
fn chosen(l: &mut Launcher) -> String {
    match l.command(&Command::View(OPEN_SELECTED)) {
        Some(Response::Command(Command::Play(id))) => id,
        other => panic!("Play gave {other:?}"),
    }
}

fn key(key: Key) -> Input {
    Input::Key { key, mods: Modifiers::default() }
}

fn press(x: i32, y: i32) -> [Input; 2] {
    [Input::MouseDown { x, y, button: Button::Left }, Input::MouseUp { x, y, button: Button::Left }]
}

/// Where the list's rows and scroll bar are on a machine: found by
/// drawing the launcher and looking for the selected row's highlight.
struct Spots {
    /// The centre of the first row shown.
    first_row: (i32, i32),
    row_h: i32,
    area: Rect,
}

fn spots(l: &Launcher, m: &Machine) -> Spots {
    let area = m.content();
    let mut s = m.new_surface();
    l.draw(&mut s, m, area);
    // The highlighted (selected) first row: the topmost run of Fill colour
    // a quarter of the way across.
    let fill = m.look().colour(parlour::machines::Pen::Fill);
    let x = area.x + area.w / 4;
    // (A run of at least 6 rows: frame lines and text are thinner.)
    let mut top = area.y;
    let bottom = loop {
        top = (top..area.bottom()).find(|&y| s.colour_at(x, y) == Some(fill)).expect("a highlighted row");
        let end = (top..area.bottom()).find(|&y| s.colour_at(x, y) != Some(fill)).unwrap();
        if end - top >= 6 {
            break end;
        }
        top = end;
    };
    Spots { first_row: (x, (top + bottom) / 2), row_h: bottom - top, area }
}

#[test]
fn keys_scroll_the_list_and_move_the_selection() {
    let m = machine(MachineId::AmigaPal);
    let mut l = many(40);
    let area = m.content();
    assert_eq!(chosen(&mut l), "g00");
    l.input(&key(Key::End), &m, area);
    assert_eq!(chosen(&mut l), "g39");
    l.input(&key(Key::PageUp), &m, area);
    let after_page: usize = chosen(&mut l)[1..].parse().unwrap();
    assert!((20..39).contains(&after_page), "PageUp moved to g{after_page}");
    l.input(&key(Key::Home), &m, area);
    l.input(&key(Key::Down), &m, area);
    assert_eq!(chosen(&mut l), "g01");
}

/// Tab walks from the list to each button and back, drawing the focus
/// where it is; Return presses the button (Help, About) and the list's
/// keys take the keyboard back to the list.
#[test]
fn tab_reaches_the_launcher_s_buttons() {
    let m = machine(MachineId::AmigaPal);
    let area = m.content();
    let mut l = many(5);
    let drawn = |l: &Launcher| {
        let mut s = m.new_surface();
        l.draw(&mut s, &m, area);
        s.pixels().to_vec()
    };
    let on_list = drawn(&l);
    assert_eq!(l.input(&key(Key::Tab), &m, area), Response::Redraw);
    let on_play = drawn(&l);
    assert_ne!(on_play, on_list, "the focus shows on Play");
    assert_eq!(l.input(&key(Key::Tab), &m, area), Response::Redraw);
    let help = l.input(&key(Key::Enter), &m, area);
    assert_eq!(help, Response::Command(Command::HelpOn(chosen(&mut l))), "Help is the selected game's");
    assert_eq!(l.input(&key(Key::Right), &m, area), Response::Redraw);
    assert_eq!(l.input(&key(Key::Char(' ')), &m, area), Response::Command(Command::About));
    // Tab from the last button returns to the list, where Return plays.
    l.input(&key(Key::Tab), &m, area);
    assert_eq!(drawn(&l), on_list);
    assert!(matches!(l.input(&key(Key::Enter), &m, area), Response::Command(Command::Play(_))));
    // Shift-Tab goes round the other way; Down returns to the list.
    l.input(&Input::Key { key: Key::Tab, mods: Modifiers { shift: true, ..Default::default() } }, &m, area);
    assert_eq!(l.input(&key(Key::Enter), &m, area), Response::Command(Command::About));
    assert_eq!(l.input(&key(Key::Down), &m, area), Response::Redraw);
    assert_eq!(chosen(&mut l), "g01");
    assert!(matches!(l.input(&key(Key::Enter), &m, area), Response::Command(Command::Play(_))));
    // A click anywhere, even on nothing, takes the mark away with it.
    let unmarked = drawn(&l);
    l.input(&key(Key::Tab), &m, area);
    let on_heading = Input::MouseDown { x: area.x + 2, y: area.y + 2, button: Button::Left };
    assert_eq!(l.input(&on_heading, &m, area), Response::Redraw);
    assert_eq!(drawn(&l), unmarked);
    // So does a typed letter, which moves the list as well.
    l.input(&key(Key::Tab), &m, area);
    l.input(&key(Key::Tab), &m, area);
    assert_eq!(l.input(&key(Key::Char('g')), &m, area), Response::Redraw);
    assert!(matches!(l.input(&key(Key::Enter), &m, area), Response::Command(Command::Play(_))), "Return plays");
}

/// A letter typed moves to the next entry starting with it, round the
/// list; letters typed one after another spell the start of a name.
#[test]
fn a_letter_moves_to_the_next_entry_starting_with_it_and_letters_spell_names() {
    let m = machine(MachineId::AmigaPal);
    let area = m.content();
    let names = ["Aces Up", "Baker's Game", "Beleaguered Castle", "Canfield", "bristol"];
    let mut l = Launcher::listing(names.iter().map(|n| (n.to_lowercase(), n.to_string())).collect());
    l.input(&key(Key::Char('b')), &m, area);
    assert_eq!(chosen(&mut l), "baker's game");
    l.input(&key(Key::Char('B')), &m, area);
    assert_eq!(chosen(&mut l), "beleaguered castle");
    l.input(&key(Key::Char('b')), &m, area);
    assert_eq!(chosen(&mut l), "bristol");
    l.input(&key(Key::Char('b')), &m, area);
    assert_eq!(chosen(&mut l), "baker's game", "round the list");
    assert_eq!(l.input(&key(Key::Char('z')), &m, area), Response::Unchanged);
    assert_eq!(chosen(&mut l), "baker's game");
    l.input(&key(Key::Char('e')), &m, area);
    assert_eq!(chosen(&mut l), "beleaguered castle", "b, then e: be");
    l.input(&key(Key::Char('l')), &m, area);
    assert_eq!(chosen(&mut l), "beleaguered castle", "bel stays");
    l.input(&key(Key::Char('a')), &m, area);
    assert_eq!(chosen(&mut l), "aces up", "bela spells nothing: a starts afresh");
    l.input(&key(Key::Down), &m, area);
    l.input(&key(Key::Char('c')), &m, area);
    assert_eq!(chosen(&mut l), "canfield", "moved by an arrow, the typing starts afresh");
}

#[test]
fn the_wheel_and_the_scroll_arrows_move_the_list_not_the_selection() {
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30, MachineId::Yazzle] {
        let m = machine(id);
        let mut l = many(40);
        let sp = spots(&l, &m);
        let (x, y) = sp.first_row;
        let click = |l: &mut Launcher, x: i32, y: i32| {
            for i in press(x, y) {
                l.input(&i, &m, sp.area);
            }
        };
        // Three rows a notch.
        l.input(&Input::Wheel { x, y, dy: 1 }, &m, sp.area);
        assert_eq!(chosen(&mut l), "g00", "{id}: the wheel keeps the selection");
        click(&mut l, x, y);
        assert_eq!(chosen(&mut l), "g03", "{id}: the wheel scrolled three rows");
        // The scroll bar's up arrow, at the top right of the list: one row back.
        let (bar, list_top) = (bar_x(&l, &m, sp.area, y), y - sp.row_h / 2 - 2);
        click(&mut l, bar, list_top + 3);
        assert_eq!(chosen(&mut l), "g03", "{id}: the arrow keeps the selection");
        click(&mut l, x, y);
        assert_eq!(chosen(&mut l), "g02", "{id}: the up arrow scrolled one row");
        l.input(&Input::Wheel { x, y, dy: -5 }, &m, sp.area);
        click(&mut l, x, y + sp.row_h);
        assert_eq!(chosen(&mut l), "g01", "{id}: the wheel stops at the top");
    }
}

/// Home (or Up on the first row) brings the selection back into view
/// after the wheel scrolled it away, though the selection stays.
#[test]
fn home_brings_a_scrolled_away_selection_back() {
    let m = machine(MachineId::AmigaPal);
    let mut l = many(40);
    let sp = spots(&l, &m);
    let (x, y) = sp.first_row;
    let frame = |l: &Launcher| {
        let mut s = m.new_surface();
        l.draw(&mut s, &m, sp.area);
        s
    };
    let top = frame(&l);
    l.input(&Input::Wheel { x, y, dy: 3 }, &m, sp.area);
    assert_ne!(frame(&l), top);
    for k in [Key::Home, Key::Up] {
        l.input(&Input::Wheel { x, y, dy: 3 }, &m, sp.area);
        assert_eq!(l.input(&key(k), &m, sp.area), Response::Redraw, "{k:?}");
        assert_eq!(frame(&l), top, "{k:?} left the list scrolled");
        assert_eq!(chosen(&mut l), "g00");
    }
}

/// The x of the list's scroll bar: right of the highlighted row's end.
fn bar_x(l: &Launcher, m: &Machine, area: Rect, row_y: i32) -> i32 {
    let mut s = m.new_surface();
    l.draw(&mut s, m, area);
    let fill = m.look().colour(parlour::machines::Pen::Fill);
    let start = area.x + area.w / 4;
    let end = (start..area.right()).find(|&x| s.colour_at(x, row_y) != Some(fill)).unwrap();
    // Past the row's edge and the list's border, into the bar.
    end + 6
}

#[test]
fn a_double_click_opens_a_game_and_two_slow_clicks_do_not() {
    let m = machine(MachineId::MacSe30);
    let mut l = many(5);
    let sp = spots(&l, &m);
    let (x, y) = (sp.first_row.0, sp.first_row.1 + sp.row_h);
    let feed = |l: &mut Launcher, inputs: &[Input]| inputs.iter().map(|i| l.input(i, &m, sp.area)).collect::<Vec<_>>();
    assert_eq!(feed(&mut l, &press(x, y))[0], Response::Redraw);
    assert!(l.wants_ticks(), "ticks count time while a second click may come");
    feed(&mut l, &[Input::Tick { ms: 500 }]);
    assert!(!l.wants_ticks());
    assert_eq!(feed(&mut l, &press(x, y))[0], Response::Unchanged, "too slow for a double-click");
    feed(&mut l, &[Input::Tick { ms: 200 }]);
    assert_eq!(feed(&mut l, &press(x, y))[0], Response::Command(Command::Play("g01".into())));
}

#[test]
fn the_launcher_comes_back_with_its_selection_and_scroll_position() {
    let m = machine(MachineId::AmigaPal);
    let data = tempfile::tempdir().unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(m, 1, data.path().to_path_buf()));
    let run = |d: &mut Driver, text: &str| {
        let steps = script::parse("test", text).unwrap();
        script::run(d, "test", &steps).unwrap_or_else(|e| panic!("{e}"));
    };
    run(&mut d, "key End\nkey Up\nkey Up");
    let left = d.frame().clone();
    run(&mut d, "key Return");
    assert!(*d.frame() != left, "a game opened");
    run(&mut d, "menu Project > Games");
    assert!(*d.frame() == left, "the launcher came back as it was left");
    let kept = data.path().join("journals").join("tetris.save");
    assert!(kept.is_file(), "the game left keeps its journal in the shell's data folder, {}", kept.display());
    // A new launcher in this thread (as after closing a game) too.
    let mut fresh = Launcher::in_data_dir(data.path().to_path_buf());
    let mut l = Launcher::in_data_dir(data.path().to_path_buf());
    assert_eq!(chosen(&mut fresh), chosen(&mut l));
    assert_ne!(chosen(&mut fresh), parlour::app::catalog::games()[0].id);
}

/// The launcher opened from a game shows that game selected; closed
/// without playing, it keeps it for the next run to start at, as it keeps
/// a game played from it.
#[test]
fn the_launcher_closed_keeps_the_game_it_was_left_on_for_the_next_run() {
    let data = tempfile::tempdir().unwrap();
    parlour::host::prefs::write(data.path(), "launcher", &[("game", "freecell".to_string())]).unwrap();
    let mut from_game = Launcher::in_data_dir(data.path().to_path_buf()).selecting("golf");
    from_game.close();
    // A new run: a thread of its own, which remembers no launcher.
    let dir = data.path().to_path_buf();
    let next = std::thread::spawn(move || chosen(&mut Launcher::in_data_dir(dir))).join().unwrap();
    assert_eq!(next, "golf");
}

/// The launcher on the smallest screens and YaZZle's, with twenty game
/// types: scrolled to the end, the last selected and its game.bmp beside
/// the list.
#[test]
fn a_long_list_scrolled_to_its_end() {
    let ids = [
        "aces-up",
        "bakers-dozen",
        "bakers-game",
        "beleaguered-castle",
        "canfield",
        "clear-fork",
        "eight-off",
        "forty-thieves",
        "freecell",
        "golf",
        "klondike",
        "klondike-draw-three",
        "oberon-solitaire",
        "pyramid",
        "scorpion",
        "seahaven-towers",
        "spider-four-suits",
        "spider-one-suit",
        "spider-two-suits",
        "yukon",
    ];
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let listed = ids
            .iter()
            .map(|g| {
                let entry = parlour::app::catalog::find(g).unwrap();
                (entry.id.to_string(), entry.name.to_string())
            })
            .collect();
        let mut d = Driver::new(Shell::new(machine(id), Box::new(Launcher::listing(listed)), 1));
        d.feed(&[key(Key::End)]);
        assert_golden(&format!("launcher-scrolled-{}", id.name()), d.frame());
    }
}

/// A thing of `kind` left out, as the host tells the launcher of it.
fn left_out_as(kind: Kind, name: &str, why: &str) -> LeftOut {
    LeftOut { kind, name: name.into(), why: why.into() }
}

/// A box of things left out too tall for the smallest screens keeps its
/// last line, the `parlour lint` that names them all, leaving out lines
/// from its middle instead: the count it gives is of all, however many
/// the screen shows.
#[test]
fn a_box_of_many_left_out_keeps_lint_on_the_smallest_screens() {
    let why = "game-types/Broken Game Number 1/game.ini:32: [Foundation] Piles=4x is not a number: \
               it must be a whole number of piles from 1 to 52, as the game.ini format in the \
               README's Writing a game type says of every pile section";
    let left_out: Vec<LeftOut> =
        (1..=8).map(|i| left_out_as(Kind::GameType, &format!("Broken Game Number {i}"), why)).collect();
    let d = Driver::new(Shell::new(
        machine(MachineId::AmigaPal),
        Box::new(many(3).telling_left_out(left_out, Kind::GameType)),
        1,
    ));
    let told = d.shell().requester().expect("no box told what was left out").clone();
    assert!(d.clipped_text().is_empty(), "cut: {:?}", d.clipped_text());
    // The box is told once a run: each screen sets the same one.
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let m = machine(id);
        let shown: Vec<String> =
            m.chrome().requester_lines(m.look(), &told).into_iter().map(|(line, _)| line).collect();
        assert!(shown.contains(&"...".to_string()), "{id:?}: the box fits whole, so tests nothing: {shown:?}");
        let end = shown.iter().rev().take(2).rev().cloned().collect::<Vec<_>>().join(" ");
        assert!(end.ends_with("parlour lint names all 8."), "{id:?}: {shown:?}");
    }
}

/// What could not be read is told of: the status line counts it, and a
/// box names each (the first few, to fit the smallest screen, with
/// `parlour lint` for the rest) once a run, with nothing cut.
#[test]
fn what_could_not_be_read_is_told_once_in_a_box_that_fits() {
    let left_out: Vec<LeftOut> = (1..=5)
        .map(|i| {
            let why = format!("/games/Broken {i}/game.ini:1: there are no foundation piles");
            left_out_as(Kind::GameType, &format!("Broken {i}"), &why)
        })
        .collect();
    let told_before = left_out.clone();
    let launcher = many(3).telling_left_out(left_out, Kind::GameType);
    assert_eq!(launcher.message(), "3 games; 5 left out.");
    let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), Box::new(launcher), 1));
    let told = d.shell().requester().expect("no box told what was left out").clone();
    assert_eq!(told.title, "Left Out");
    assert_eq!(told.lines.len(), 5, "{:?}", told.lines);
    assert_eq!(told.lines[0], "These are left out of the list:");
    assert_eq!(told.lines[1], "Broken 1: /games/Broken 1/game.ini:1: there are no foundation piles");
    // Lint names them all, as some are left out of the box.
    assert_eq!(told.lines[4], "parlour lint names all 5.");
    assert!(d.clipped_text().is_empty(), "cut: {:?}", d.clipped_text());
    d.feed(&[key(Key::Enter)]);
    assert!(d.shell().requester().is_none(), "OK did not close the box");
    // The launcher made again (a game closed) does not tell again, but
    // tells what broke since (a game.ini edited while Parlour runs).
    let broken = left_out_as(Kind::GameType, "Broken 6", "/games/Broken 6/game.ini:2: no [Game]");
    let again = many(3).telling_left_out(told_before.clone(), Kind::GameType);
    let again = Shell::new(machine(MachineId::AmigaPal), Box::new(again), 1);
    assert!(again.requester().is_none(), "told twice in a run");
    let more = many(3).telling_left_out([told_before, vec![broken]].concat(), Kind::GameType);
    let more = Shell::new(machine(MachineId::AmigaPal), Box::new(more), 1);
    let told = more.requester().expect("what broke since is told");
    assert_eq!(told.lines[1..], ["Broken 6: /games/Broken 6/game.ini:2: no [Game]"]);
}

/// Things left out of a file opened by its path are named by the lint
/// that checks that file, the rest by lint alone.
#[test]
fn the_box_names_lint_of_a_file_opened_by_its_path_for_its_own() {
    let level = |i: usize| left_out_as(Kind::Level, &format!("Mine {i}"), &format!("mine.xsb:{i}: no pusher"));
    let mine: Vec<LeftOut> = (1..=5).map(level).collect();
    let chooser = many(3).left_out_of_file("mine.xsb".into(), mine.clone());
    let told = chooser.telling_left_out(mine.clone(), Kind::Level).left_out_box();
    assert_eq!(told.lines.last().unwrap(), "parlour lint mine.xsb names all 5.");
    let ours = left_out_as(Kind::Level, "Ours 1", "/data/boards/sokoban/ours.xsb:1: no pusher");
    let chooser = many(3).left_out_of_file("mine.xsb".into(), mine.clone());
    let told = chooser.telling_left_out([mine, vec![ours]].concat(), Kind::Level).left_out_box();
    assert_eq!(told.lines.last().unwrap(), "parlour lint and parlour lint mine.xsb name all 6.");
}

/// A board or level that cannot be read is never in the launcher's list,
/// so it is told of as what it is, not as left out of the list: the
/// status line counts boards apart from game types, and the box says
/// which are which, with nothing cut on the smallest screens.
#[test]
fn a_broken_board_is_told_of_as_a_board_not_left_out_of_the_list() {
    let board = "/data/boards/Broken.brd:4: this row has 4 elements but the first row has 5";
    let only_board = many(3).telling_left_out(vec![left_out_as(Kind::Board, "Broken", board)], Kind::GameType);
    assert_eq!(only_board.message(), "3 games. 1 board cannot be read.");
    let told = only_board.left_out_box();
    assert_eq!(told.title, "Cannot Be Read");
    assert_eq!(told.lines, vec!["These boards cannot be read:".to_string(), format!("Broken: {board}")]);
    let both = vec![
        left_out_as(Kind::GameType, "Odd", "/games/Odd/game.ini:2: there are no foundation piles"),
        left_out_as(Kind::Board, "Broken", board),
        left_out_as(Kind::Board, "Bent", board),
    ];
    let launcher = many(3).telling_left_out(both, Kind::GameType);
    assert_eq!(launcher.message(), "3 games; 1 left out. 2 boards cannot be read.");
    let told = launcher.left_out_box();
    assert_eq!(told.title, "Left Out");
    let headings: Vec<&str> = told.lines.iter().filter(|l| l.starts_with("These ")).map(String::as_str).collect();
    assert_eq!(headings, ["These are left out of the list:", "These boards cannot be read:"]);
    assert_eq!(told.lines.len(), 5, "{:?}", told.lines);
    // Each kind that cannot be read is counted in one sentence, which a
    // narrow status line drops whole rather than cut in the middle.
    let level = left_out_as(Kind::Level, "Odd 2", "/data/boards/sokoban/odd.xsb:9: no pusher");
    let kinds = vec![
        left_out_as(Kind::GameType, "Odd", "/games/Odd/game.ini:2: there are no foundation piles"),
        left_out_as(Kind::Board, "Broken", board),
        level.clone(),
        level,
    ];
    let launcher = many(2).telling_left_out(kinds, Kind::GameType);
    assert_eq!(launcher.message(), "2 games; 1 left out. 1 board and 2 levels cannot be read.");
}

/// A game without a game.bmp is pictured by its opening screen: two such
/// games look different beside the list (a "No picture" would be the same
/// for both), and the picture has the colours of a screen, not of a frame
/// round two words.
#[test]
fn a_game_without_game_bmp_shows_its_opening_screen() {
    let m = machine(MachineId::AmigaPal);
    let games = [("mines", "MineSweeper"), ("tetris", "Tetris")];
    let mut l = Launcher::listing(games.iter().map(|(i, n)| (i.to_string(), n.to_string())).collect());
    let area = m.content();
    let picture_side = |l: &Launcher| {
        let mut s = m.new_surface();
        l.draw(&mut s, &m, area);
        let x0 = area.x + area.w * 2 / 3;
        (area.y..area.bottom())
            .flat_map(|y| (x0..area.right()).map(move |x| (x, y)))
            .map(|(x, y)| s.colour_at(x, y).unwrap())
            .collect::<Vec<_>>()
    };
    let mines = picture_side(&l);
    l.input(&key(Key::Down), &m, area);
    assert_eq!(chosen(&mut l), "tetris");
    let tetris = picture_side(&l);
    let differing = mines.iter().zip(&tetris).filter(|(a, b)| a != b).count();
    assert!(differing > 500, "only {differing} pixels tell MineSweeper's picture from Tetris's");
    let colours: std::collections::BTreeSet<_> = mines.iter().map(|c| (c.r, c.g, c.b)).collect();
    assert!(colours.len() > 6, "MineSweeper's picture has {} colours", colours.len());
}

/// A chooser lists by name, as the launcher does, wherever the games
/// were found (a player's own game types came first), with the current
/// game selected; numbers in names go by value (Sokoban's level 10 came
/// between 1 and 2).
#[test]
fn a_chooser_lists_by_name() {
    let found = [
        ("zeds-golf", "Zed's Golf"),
        ("level-10", "Level 10: Wash House"),
        ("klondike", "Klondike"),
        ("level-2", "level 2: Hall"),
        ("aces-up", "Aces Up"),
    ];
    let mut l = Launcher::chooser(
        "Game Types",
        "game type",
        found.iter().map(|(id, name)| (id.to_string(), name.to_string())).collect(),
        "klondike",
    );
    assert_eq!(chosen(&mut l), "klondike");
    let (m, area) = (machine(MachineId::AmigaPal), machine(MachineId::AmigaPal).content());
    let mut order = Vec::new();
    l.input(&key(Key::Home), &m, area);
    for _ in 0..5 {
        order.push(chosen(&mut l));
        l.input(&key(Key::Down), &m, area);
    }
    assert_eq!(order, ["aces-up", "klondike", "level-2", "level-10", "zeds-golf"]);
}

/// A check box before a name (Sokoban's solved levels) is a mark, not
/// part of the name: solved levels kept their places, not sorted after
/// the rest as "[x] ..." comes after "[ ] ...".
#[test]
fn a_chooser_sorts_marked_names_by_the_name_after_the_mark() {
    let found = [("l3", "[ ] Parlour 3: Yard"), ("l1", "[x] Parlour 1: Doorstep"), ("l2", "[x] Parlour 2: Larder")];
    let mut l = Launcher::chooser(
        "Choose Level",
        "level",
        found.iter().map(|(id, name)| (id.to_string(), name.to_string())).collect(),
        "l3",
    );
    let (m, area) = (machine(MachineId::AmigaPal), machine(MachineId::AmigaPal).content());
    let mut order = Vec::new();
    l.input(&key(Key::Home), &m, area);
    for _ in 0..3 {
        order.push(chosen(&mut l));
        l.input(&key(Key::Down), &m, area);
    }
    assert_eq!(order, ["l1", "l2", "l3"]);
}

/// Game Types... (a YaZZle skin's button, a menu item) is dimmed for a
/// game that is the only one of its kind: it would list itself alone.
#[test]
fn only_a_family_with_a_choice_offers_its_chooser() {
    let data = tempfile::tempdir().unwrap();
    let m = machine(MachineId::Yazzle);
    let mut d = Driver::new(Shell::launcher_keeping_in(m, 1, data.path().to_path_buf()));
    for (game, offers) in [("rummi", false), ("tetris", false), ("klondike", true), ("pegs", true)] {
        d.command(&Command::Play(game.into()));
        assert_eq!(d.shell().can(&Command::Variants), offers, "{game}");
    }
}

/// Each machine comes back at the depth and with the skin it was left
/// with, this run and the next: a skin chosen on YaZZle survives a visit
/// to the Mac, and the Mac's depth a visit to YaZZle.
#[test]
fn each_machine_comes_back_as_it_was_left() {
    let data = tempfile::tempdir().unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::Yazzle), 1, data.path().to_path_buf()));
    d.command(&Command::Skin("transcrippled".into()));
    d.command(&Command::Machine(MachineId::MacColor));
    d.command(&Command::Depth(parlour::machines::Depth::Colours16));
    d.command(&Command::Machine(MachineId::Yazzle));
    assert_eq!(d.shell().machine().choice().skin.as_deref(), Some("transcrippled"));
    d.command(&Command::Machine(MachineId::MacColor));
    assert_eq!(d.shell().machine().choice().depth, Some(parlour::machines::Depth::Colours16));
    d.shell().remember_machines().unwrap();
    // The next run, opened on the Mac, finds YaZZle's skin kept.
    let mut next = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal), 1, data.path().to_path_buf()));
    next.command(&Command::Machine(MachineId::Yazzle));
    assert_eq!(next.shell().machine().choice().skin.as_deref(), Some("transcrippled"));
}

/// A setting that names nothing Parlour has is told of in a box in the
/// window, as trouble with a game's own files is (a player who started
/// Parlour from a menu sees no standard error), whole on the smallest
/// screen, once a run.
#[test]
fn a_setting_of_no_use_is_told_of_in_a_box() {
    use parlour::host::warnings;
    while warnings::take().is_some() {}
    let data = tempfile::tempdir().unwrap();
    let settings = data.path().join("settings.ini");
    std::fs::write(&settings, "[Machine]\n\nid=vic20\n").unwrap();
    let choice = parlour::app::settings::last_on(data.path(), MachineId::AmigaPal);
    assert_eq!(choice, MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() });
    parlour::app::settings::last_on(data.path(), MachineId::AmigaPal);
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal), 1, data.path().into()));
    let told = d.shell().requester().expect("no box told of the setting").clone();
    assert_eq!(told.title, "Settings");
    let why = "unknown machine `vic20` (choose one of yazzle, amiga-pal, amiga-dblpal, mac-se30, mac-color)";
    assert_eq!(told.lines, [format!("{}:3: {why}; the setting is not used.", settings.display())]);
    assert!(d.clipped_text().is_empty(), "cut: {:?}", d.clipped_text());
    d.feed(&[Input::Key { key: Key::Enter, mods: Modifiers::default() }]);
    assert!(d.shell().requester().is_none(), "told twice, or OK did not close the box");
}

/// A window keeps the machine it opened on (chosen on the command line)
/// and the machine, depth and skin switched to in the settings at once,
/// so a run killed without a clean quit (SIGTERM at logout, kill -9)
/// still opens on it next time; a headless shot keeps nothing.
#[test]
fn a_machine_switched_to_in_a_window_is_kept_at_once() {
    use parlour::app::settings::{last_on, machine_in};
    use parlour::host::prefs::read_settings;
    use parlour::machines::Depth;
    let data = tempfile::tempdir().unwrap();
    let settings = data.path().join("settings.ini");
    let kept = || machine_in(&read_settings(&settings));
    let mut headless = Driver::new(Shell::launcher_keeping_in(machine(MachineId::Yazzle), 1, data.path().into()));
    headless.command(&Command::Machine(MachineId::AmigaPal));
    assert!(!settings.exists(), "a shot's switch is not the player's choice");
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::MacSe30), 1, data.path().into()));
    d.save_machine_switches(true);
    assert_eq!(kept().id, Some(MachineId::MacSe30), "the machine the window opened on");
    d.command(&Command::Machine(MachineId::Yazzle));
    d.command(&Command::Skin("transcrippled".into()));
    assert_eq!(kept().skin.as_deref(), Some("transcrippled"));
    d.command(&Command::Machine(MachineId::MacColor));
    assert_eq!(kept().id, Some(MachineId::MacColor));
    d.command(&Command::Depth(Depth::Colours16));
    assert_eq!(kept(), MachineChoice { id: Some(MachineId::MacColor), depth: Some(Depth::Colours16), skin: None });
    // The machine left keeps its skin for when it comes back.
    assert_eq!(last_on(data.path(), MachineId::Yazzle).skin.as_deref(), Some("transcrippled"));
    // Written as the other saves are: whole, the file before kept.
    assert!(data.path().join("settings.ini.bak").is_file());
    // Killed now (no clean quit, nothing dropped): the next run finds it.
    std::mem::forget(d);
    assert_eq!(kept().depth, Some(Depth::Colours16));
}

/// A machine switched to that the settings cannot keep (settings.ini
/// marked read-only) is told in the window, the status line first, and
/// in full in a box where the line cuts it, until the player's next key;
/// the machine the window opened on, not chosen on the command line,
/// is no choice to tell of, nor is it written at all.
#[test]
fn a_machine_switched_to_that_cannot_be_kept_is_told_in_the_window() {
    let data = tempfile::tempdir().unwrap();
    let settings = data.path().join("settings.ini");
    std::fs::write(&settings, "[Machine]\nid=yazzle\n").unwrap();
    let mut read_only = std::fs::metadata(&settings).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(&settings, read_only).unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::Yazzle), 1, data.path().into()));
    d.command(&Command::Play("freecell".into()));
    let before = d.shell().message();
    d.save_machine_switches(false);
    assert_eq!(d.shell().message(), before, "told of a machine nobody chose");
    assert!(d.shell().requester().is_none(), "a box for a machine nobody chose");

    d.command(&Command::Machine(MachineId::AmigaPal));
    let why = format!(
        "The machine chosen could not be kept for next time: {}: the settings could not be saved: \
         the file is marked read-only.",
        settings.display()
    );
    assert!(d.shell().message().starts_with(&why), "the status line says: {}", d.shell().message());
    let boxed = d.shell().requester().expect("the status line cuts it, and no box says it whole");
    assert_eq!(boxed.lines.join(" "), d.shell().message());
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), "[Machine]\nid=yazzle\n");
    d.feed(&[key(Key::Enter)]);
    assert!(d.shell().requester().is_none());
    assert_eq!(d.shell().message(), before, "still said after the player's next key");
}

/// The title of what the shell shows: "Parlour" for the launcher, the
/// game's name for a game.
fn shown(d: &Driver) -> String {
    d.shell().title()
}

/// Closing a game (or File > Games) brings back the launcher with that
/// game selected, not the first game (Aces Up), however the game was
/// opened (here as `parlour play` opens it, not from the launcher's list),
/// and File > Games does so from the game's help read over it too.
#[test]
fn the_launcher_comes_back_on_the_game_just_closed() {
    let data = tempfile::tempdir().unwrap();
    for (id, m) in [("yukon", MachineId::AmigaPal), ("tetris", MachineId::MacSe30), ("pegs", MachineId::Yazzle)] {
        let mut d = Driver::new(Shell::launcher_keeping_in(machine(m), 1, data.path().to_path_buf()));
        d.command(&Command::Play(id.into()));
        let title = shown(&d);
        for (back, over_help) in [(Command::Games, true), (Command::Close, false), (Command::Games, false)] {
            if over_help {
                d.command(&Command::Help);
                assert_ne!(shown(&d), title, "{id}: its help is read over it");
            }
            d.command(&back);
            assert_eq!(shown(&d), "Parlour", "{id}: back at the launcher");
            d.command(&Command::View(OPEN_SELECTED));
            assert_eq!(
                shown(&d),
                title,
                "{id} on {m:?}: the launcher came back on the game closed, after {back:?} (over its help: {over_help})"
            );
        }
    }
}

/// The launcher's Help button shows the help of the game selected, as
/// Play plays it; File > Help over the launcher is Parlour's manual.
#[test]
fn the_launcher_s_help_button_is_the_selected_game_s_help() {
    let data = tempfile::tempdir().unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal), 1, data.path().to_path_buf()));
    d.command(&Command::Help);
    let manual = shown(&d);
    d.command(&Command::Close);
    d.command(&Command::HelpOn("klondike-draw-three".into()));
    let game_help = shown(&d);
    assert_ne!(game_help, manual, "the game's help, not the manual ({manual})");
    assert!(game_help.contains("solitaire"), "{game_help}");
    d.command(&Command::Close);
    assert_eq!(shown(&d), "Parlour", "closing the help comes back to the launcher");
}

/// A game far down the list is scrolled into view when the launcher comes
/// back on it, as if the list had been scrolled to it by hand; a board of
/// Peg Solitaire is the launcher's one Peg Solitaire entry.
#[test]
fn the_game_selected_on_coming_back_is_in_view() {
    let m = machine(MachineId::AmigaPal);
    let data = tempfile::tempdir().unwrap();
    let last = parlour::app::catalog::games().last().unwrap().id.clone();
    let mut back = Launcher::in_data_dir(data.path().to_path_buf()).selecting(&last);
    let mut by_hand = Launcher::in_data_dir(data.path().to_path_buf());
    by_hand.input(&key(Key::Home), &m, m.content());
    by_hand.input(&key(Key::End), &m, m.content());
    let drawn = |l: &Launcher| {
        let mut s = m.new_surface();
        l.draw(&mut s, &m, m.content());
        s
    };
    assert!(drawn(&back) == drawn(&by_hand), "{last} is in view, the list scrolled to its end");
    assert_eq!(chosen(&mut back), last);
    let board = parlour::app::catalog::find("pegs/english").unwrap();
    assert_eq!(parlour::app::launcher::listed_id(&board).as_deref(), Some("pegs"));
    let game_type = parlour::app::catalog::find("klondike").unwrap();
    assert_eq!(parlour::app::launcher::listed_id(&game_type).as_deref(), Some("klondike"));
}

/// A Space typed while a name is being typed is part of the name, so a
/// name of two words can be reached; after a pause, Space plays.
#[test]
fn a_space_typed_within_a_name_spells_it_and_after_a_pause_plays() {
    let m = machine(MachineId::AmigaPal);
    let area = m.content();
    let names = ["Klondike", "Klondike Variations Easy", "Klondike Variations Hard", "Spider"];
    let mut l = Launcher::listing(names.iter().map(|n| (n.to_lowercase(), n.to_string())).collect());
    for c in "klondike v".chars() {
        let said = l.input(&key(Key::Char(c)), &m, area);
        assert!(!matches!(said, Response::Command(_)), "{c:?} typed: {said:?}");
    }
    assert_eq!(chosen(&mut l), "klondike variations easy");
    assert!(l.wants_ticks(), "the pause is timed");
    l.input(&Input::Tick { ms: 1500 }, &m, area);
    assert_eq!(
        l.input(&key(Key::Char(' ')), &m, area),
        Response::Command(Command::Play("klondike variations easy".into())),
        "after a pause Space plays"
    );
}

/// The launcher's Sokoban entry opens the level played last as it is at
/// that moment, not as it was when the run started: a level gone on to,
/// and one chosen by its id.
#[test]
fn the_sokoban_entry_opens_the_level_played_last_in_this_run() {
    let data = tempfile::tempdir().unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal), 1, data.path().to_path_buf()));
    d.command(&Command::Play("sokoban".into()));
    assert_eq!(shown(&d), "Parlour 1: Doorstep");
    d.command(&Command::View(parlour::views::sokoban::NEXT_LEVEL));
    assert_eq!(shown(&d), "Parlour 2: Larder");
    d.command(&Command::Games);
    d.command(&Command::View(OPEN_SELECTED));
    assert_eq!(shown(&d), "Parlour 2: Larder", "the launcher opened another level than the one left");
    d.command(&Command::Play("sokoban/parlour/5".into()));
    d.command(&Command::Games);
    d.command(&Command::View(OPEN_SELECTED));
    assert_eq!(shown(&d), "Parlour 5: Boot Room");
}

/// Games opened fresh from one run of the launcher are dealt different
/// numbers: each took the run's one number, so MineSweeper and Scramble,
/// or The Chance and FreeCell, opened one after the other were both
/// "#523755".
#[test]
fn games_opened_one_after_another_get_numbers_of_their_own() {
    let data = tempfile::tempdir().unwrap();
    let m = machine(MachineId::Yazzle);
    let mut d = Driver::new(Shell::launcher_keeping_in(m, 523755, data.path().to_path_buf()));
    let mut numbers = Vec::new();
    for game in ["the-chance", "freecell", "klondike", "spider-one-suit"] {
        d.command(&Command::Play(game.into()));
        let title = d.shell().window_title();
        let numbered = title.strip_suffix(" - Parlour").and_then(|t| t.rsplit_once('#'));
        let number = numbered.unwrap_or_else(|| panic!("{game} is numbered: {title}")).1.to_string();
        numbers.push(number);
    }
    assert_eq!(numbers[0], "523755", "the first game takes the run's number");
    let mut distinct = numbers.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), numbers.len(), "{numbers:?}");
}

/// File > Games is greyed over the list of games, where it would only
/// open the list again, and is there in a game.
#[test]
fn games_is_greyed_over_the_list_of_games() {
    let data = tempfile::tempdir().unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine(MachineId::AmigaPal), 1, data.path().to_path_buf()));
    let games_item = |d: &Driver| {
        let menus = d.shell().menus();
        menus.into_iter().flat_map(|m| m.items).find(|i| i.command == Command::Games).expect("a Games item")
    };
    assert!(!d.shell().can(&Command::Games) && !games_item(&d).enabled, "greyed over the list");
    d.command(&Command::Play("golf".into()));
    assert!(d.shell().can(&Command::Games) && games_item(&d).enabled, "there in a game");
}
