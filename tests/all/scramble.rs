//! Scramble through its window: clicks and arrow keys, turning over,
//! Change Size (which starts solved), Change Picture with a file of the
//! player's, and a 3 x 3 puzzle solved by its hints through `parlour shot
//! --events` as a player would.

use parlour::core::{Game, Status, Variant};
use parlour::games::scramble::puzzle::Puzzle;
use parlour::games::scramble::rules::{ScrambleVariant, Slide};
use parlour::gfx::Rect;
use parlour::gfx::Rgb;
use parlour::gfx::ilbm::encode_ilbm;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::board::Board;
use parlour::views::pause::PAUSE;
use parlour::views::scramble::picture::Source;
use parlour::views::scramble::{CHANGE_PICTURE, CHANGE_SIZE, ScrambleBoard, ScrambleLayout, TURN_OVER};
use parlour::views::{Response, View};

use super::support::run_fed_ok;

type ScrambleView = Controller<ScrambleVariant, ScrambleBoard>;

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

fn open(dir: &std::path::Path, cols: usize, rows: usize, seed: u64, pictures: Vec<std::path::PathBuf>) -> ScrambleView {
    let variant = ScrambleVariant::new(cols, rows, false).unwrap();
    let board = ScrambleBoard::new(dir, pictures);
    Controller::open(
        "scramble",
        variant,
        board,
        dir,
        &Opening { seed: Some(seed), fresh_seed: seed, ..Default::default() },
    )
}

fn layout(view: &ScrambleView, m: &Machine, area: Rect) -> ScrambleLayout {
    view.board().layout(view.session().state(), m, area)
}

fn click(view: &mut ScrambleView, m: &Machine, area: Rect, (x, y): (i32, i32)) -> Response {
    let r = view.input(&Input::MouseDown { x, y, button: Button::Left }, m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, m, area);
    r
}

fn centre(r: Rect) -> (i32, i32) {
    (r.x + r.w / 2, r.y + r.h / 2)
}

fn key(view: &mut ScrambleView, m: &Machine, area: Rect, k: Key) -> Response {
    view.input(&Input::Key { key: k, mods: Modifiers::default() }, m, area)
}

#[test]
fn a_click_slides_a_line_of_pieces_and_the_arrows_move_the_gap() {
    let dir = tempfile::tempdir().unwrap();
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut view = open(dir.path(), 4, 4, 3, Vec::new());
        let p = view.session().state().puzzle().clone();
        let (gx, gy) = p.xy(p.gap());
        // The far end of the gap's row: every piece between moves.
        let far = p.index(if gx < 2 { 3 } else { 0 }, gy);
        let l = layout(&view, &m, area);
        click(&mut view, &m, area, centre(l.place(far)));
        assert_eq!(view.session().move_count(), 1, "{id}: {}", view.message());
        assert_eq!(view.session().state().puzzle().gap(), far);
        // A piece off the gap's lines is refused with the reason.
        let now = view.session().state().puzzle().clone();
        let (gx, gy) = now.xy(now.gap());
        let off = now.index((gx + 1) % 4, (gy + 1) % 4);
        click(&mut view, &m, area, centre(l.place(off)));
        assert!(view.message().contains("not in line"), "{id}: {}", view.message());
        // Arrows: the gap steps one place.
        let before = view.session().state().puzzle().gap();
        let k = if now.xy(before).1 > 0 { Key::Up } else { Key::Down };
        key(&mut view, &m, area, k);
        assert_ne!(view.session().state().puzzle().gap(), before, "{id}");
        view.command(&Command::Undo);
        view.command(&Command::Undo);
        assert_eq!(view.session().state().puzzle(), &p, "{id}: undo to the start");
    }
}

#[test]
fn turning_over_changes_the_picture_but_not_the_order() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacColor);
    let mut view = open(dir.path(), 3, 3, 8, Vec::new());
    let mut pict = m.new_surface();
    view.draw(&mut pict, &m, area);
    let l = layout(&view, &m, area);
    click(&mut view, &m, area, centre(l.side));
    let mut num = m.new_surface();
    view.draw(&mut num, &m, area);
    assert_ne!(pict, num);
    assert_eq!(view.session().move_count(), 0);
    view.command(&Command::View(TURN_OVER));
    let mut again = m.new_surface();
    view.draw(&mut again, &m, area);
    assert_eq!(pict, again);
}

#[test]
fn change_size_starts_solved_and_scramble_shuffles_it() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 4, 4, 2, Vec::new());
    view.command(&Command::View(CHANGE_SIZE));
    // Right adds a column, Up a row; Return takes them.
    key(&mut view, &m, area, Key::Right);
    key(&mut view, &m, area, Key::Up);
    key(&mut view, &m, area, Key::Enter);
    let v = view.session().variant().clone();
    assert_eq!((v.cols(), v.rows(), v.solved_start()), (5, 5, true));
    assert_eq!(view.session().state().puzzle(), &Puzzle::solved(5, 5));
    assert_eq!(view.session().state().status(), Status::Playing, "a solved start is not a win");
    // A typed size out of bounds is refused in a requester.
    view.command(&Command::View(CHANGE_SIZE));
    key(&mut view, &m, area, Key::Char('9'));
    let r = key(&mut view, &m, area, Key::Enter);
    let Response::Ask(req) = r else { panic!("no requester: {r:?}") };
    assert!(req.lines.join(" ").contains("from 2 to 6"), "{:?}", req.lines);
    key(&mut view, &m, area, Key::Escape);
    // Scramble deals a shuffled 5 x 5.
    let l = layout(&view, &m, area);
    click(&mut view, &m, area, centre(l.scramble));
    let v = view.session().variant();
    assert!(!v.solved_start() && v.id() == "scramble/5x5");
    assert!(!view.session().state().puzzle().is_solved());
}

/// OK on Change Size with the size as it is leaves the puzzle as Cancel
/// does: a fresh shuffle is not put in order, nor a game under way given
/// up, without a word.
#[test]
fn change_size_to_the_same_size_keeps_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), 4, 4, 3, Vec::new());
    let dealt = view.session().state().clone();
    view.command(&Command::View(CHANGE_SIZE));
    let r = key(&mut view, &m, area, Key::Enter);
    assert!(!matches!(r, Response::Ask(_)), "{r:?}");
    assert_eq!(view.session().state(), &dealt, "the shuffle was put in order");
    assert!(!view.session().variant().solved_start());
    // A game under way stays, its moves and all.
    let moved = if dealt.puzzle().xy(dealt.puzzle().gap()).1 > 0 { Key::Up } else { Key::Down };
    key(&mut view, &m, area, moved);
    let played = view.session().state().clone();
    view.command(&Command::View(CHANGE_SIZE));
    let r = key(&mut view, &m, area, Key::Enter);
    assert!(!matches!(r, Response::Ask(_)), "asked to give up the game: {r:?}");
    assert_eq!(view.session().state(), &played);
    assert_eq!(view.session().move_count(), 1);
}

/// Each size keeps statistics of its own, and its box says which size's
/// figures it shows: in its title, and among its lines for the Mac,
/// whose boxes have no title bar.
#[test]
fn the_statistics_box_names_the_size() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(dir.path(), 3, 5, 4, vec![]);
    let Some(Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no Statistics box") };
    assert_eq!(stats.title, "Scramble 3 x 5 Statistics");
    assert_eq!(stats.lines[stats.lines.len() - 2..], ["Size: 3 x 5", "Game number: 4"], "{:?}", stats.lines);
}

/// Tab moves the focus from box to box keeping what each holds, as in
/// MineSweeper's fields; the first digit typed replaces it. The Columns
/// box has the keyboard as the dialog opens.
#[test]
fn tab_walks_the_size_boxes_keeping_their_values() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 4, 4, 2, Vec::new());
    view.command(&Command::View(CHANGE_SIZE));
    for k in [Key::Tab, Key::Tab] {
        let r = key(&mut view, &m, area, k);
        assert!(!matches!(r, Response::Ask(_)), "Tab kept the value: {r:?}");
    }
    // On OK.
    key(&mut view, &m, area, Key::Enter);
    assert_eq!((view.session().variant().cols(), view.session().variant().rows()), (4, 4));
    view.command(&Command::View(CHANGE_SIZE));
    for k in [Key::Char('3'), Key::Tab, Key::Char('5'), Key::Enter] {
        key(&mut view, &m, area, k);
    }
    assert_eq!((view.session().variant().cols(), view.session().variant().rows()), (3, 5));
}

/// A size refused keeps the player at its box, which shows the size kept
/// once the box saying why is closed (as MineSweeper's do): Tab goes on
/// to the next box rather than refusing the number again and again, and
/// the size typed there is taken.
#[test]
fn a_size_refused_keeps_the_player_at_its_box() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 4, 4, 2, Vec::new());
    view.command(&Command::View(CHANGE_SIZE));
    key(&mut view, &m, area, Key::Char('9'));
    let Response::Ask(told) = key(&mut view, &m, area, Key::Enter) else { panic!("9 columns not refused") };
    assert!(told.lines.join(" ").contains('9'), "{:?}", told.lines);
    view.answer(0);
    assert!(!matches!(key(&mut view, &m, area, Key::Tab), Response::Ask(_)), "the 9 refused again");
    for k in [Key::Char('5'), Key::Enter] {
        key(&mut view, &m, area, k);
    }
    assert_eq!(view.session().variant().size(), (4, 5), "the rows typed, the columns kept");
}

/// Digits typed as Change Size opens go into the Columns box, which has
/// the keyboard, rather than nowhere without a word.
#[test]
fn digits_typed_as_change_size_opens_set_the_columns() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), 4, 4, 3, Vec::new());
    view.command(&Command::View(CHANGE_SIZE));
    key(&mut view, &m, area, Key::Char('3'));
    key(&mut view, &m, area, Key::Enter);
    assert_eq!(view.session().variant().size(), (3, 4));
}

/// A key that is no digit, typed into a Change Size box, goes nowhere
/// and says why in the status line until the next key; the dialog stays
/// open, with nothing to answer first.
#[test]
fn a_letter_typed_in_a_size_box_says_the_box_takes_digits() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 4, 4, 2, Vec::new());
    view.command(&Command::View(CHANGE_SIZE));
    assert_eq!(key(&mut view, &m, area, Key::Char('x')), Response::Redraw);
    assert_eq!(view.message(), "Columns: digits only, 2 to 6.");
    key(&mut view, &m, area, Key::Char('3'));
    assert_eq!(view.message(), "", "the note goes at the next key");
    key(&mut view, &m, area, Key::Tab);
    key(&mut view, &m, area, Key::Char('-'));
    assert_eq!(view.message(), "Rows: digits only, 2 to 6.");
    key(&mut view, &m, area, Key::Enter);
    assert_eq!((view.session().variant().cols(), view.session().variant().rows()), (3, 4));
}

#[test]
fn change_picture_takes_an_iff_file_and_keeps_the_order() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let colours = [Rgb::hex(0xFF0000), Rgb::hex(0x00FF00), Rgb::hex(0x0000FF), Rgb::hex(0xFFFFFF)];
    let indices: Vec<u8> = (0..60 * 40).map(|i| ((i % 60) / 15) as u8).collect();
    std::fs::write(pictures.join("stripes.iff"), encode_ilbm(60, 40, &colours, &indices, 2)).unwrap();
    std::fs::write(pictures.join("broken.bmp"), b"BM this is no bitmap").unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 4, vec![pictures.clone()]);
    let order = view.session().state().puzzle().clone();
    view.command(&Command::View(CHANGE_PICTURE));
    // The built-in three come first, then broken.bmp and stripes.iff.
    for _ in 0..4 {
        key(&mut view, &m, area, Key::Down);
    }
    key(&mut view, &m, area, Key::Enter);
    assert_eq!(view.board().picture(), &Source::File(pictures.join("stripes.iff")));
    assert_eq!(view.session().state().puzzle(), &order);
    let mut s = m.new_surface();
    view.draw(&mut s, &m, area);
    let l = layout(&view, &m, area);
    let seen: std::collections::BTreeSet<Rgb> = (l.puzzle.y..l.puzzle.bottom())
        .flat_map(|y| (l.puzzle.x..l.puzzle.right()).map(move |x| (x, y)))
        .filter_map(|(x, y)| s.colour_at(x, y))
        .collect();
    assert!(seen.contains(&Rgb::hex(0x0000FF)) || seen.iter().any(|c| c.b > 200 && c.r < 100), "{seen:?}");
    // A broken file is refused with its name and the picture stays.
    view.command(&Command::View(CHANGE_PICTURE));
    key(&mut view, &m, area, Key::Up);
    let r = key(&mut view, &m, area, Key::Enter);
    let Response::Ask(req) = r else { panic!("no requester: {r:?}") };
    assert!(req.lines.join(" ").contains("broken.bmp"), "{:?}", req.lines);
    assert!(req.lines.iter().all(|l| l.ends_with('.')), "a box tells in sentences: {:?}", req.lines);
    assert_eq!(view.board().picture(), &Source::File(pictures.join("stripes.iff")));
    // OK goes back to the list, for another picture to be chosen.
    view.answer(0);
    assert!(view.board().boxed(), "the list closed under the box");
    key(&mut view, &m, area, Key::Down);
    key(&mut view, &m, area, Key::Enter);
    assert!(!view.board().boxed(), "the list stayed over the picture chosen");
    // The choice is kept for the next time.
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("stripes.iff"), "{prefs}");
}

/// A picture chosen from a folder named relative to the current one (as
/// ./pictures is) is remembered by its full path, so Parlour started from
/// another folder still finds it; a relative path kept by an older Parlour
/// is read from the current folder, as it was.
#[test]
fn a_picture_from_a_relative_folder_is_remembered_by_its_full_path() {
    let dir = tempfile::tempdir().unwrap();
    // The tests run in the package's folder, which holds the built-in pictures.
    let relative = std::path::PathBuf::from("roms-like-assets/pictures");
    let lighthouse = std::fs::canonicalize(relative.join("lighthouse.png")).unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 4, vec![relative.clone()]);
    view.command(&Command::View(CHANGE_PICTURE));
    // The built-in three come first, then the folder's files, sorted.
    let files = parlour::views::scramble::picture::list(std::slice::from_ref(&relative));
    let row = files.iter().position(|s| s == &Source::File(lighthouse.clone())).unwrap();
    for _ in 0..row {
        key(&mut view, &m, area, Key::Down);
    }
    key(&mut view, &m, area, Key::Enter);
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains(&format!("picture={}\n", lighthouse.display())), "{prefs}");
    std::fs::write(dir.path().join("prefs.ini"), "[scramble]\npicture=roms-like-assets/pictures/lighthouse.png\n")
        .unwrap();
    let view = open(dir.path(), 3, 3, 4, vec![]);
    assert_eq!(view.board().picture(), &Source::File(lighthouse));
}

/// A picture far wider than tall (a 4000 x 10 strip) is cut to its middle
/// part, and the player is told: scaled whole, its pieces were a few
/// pixels high, too thin to click. The note goes with the picture.
#[test]
fn a_strip_of_a_picture_is_cut_to_its_middle_and_stays_playable() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let mut strip = parlour::gfx::Surface::rgb(4000, 10);
    let red = strip.value_for(Rgb::hex(0xFF0000));
    strip.fill_rect(strip.bounds(), red);
    std::fs::write(pictures.join("wide.bmp"), parlour::gfx::image_io::encode_bmp(&strip)).unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 4, vec![pictures.clone()]);
    view.command(&Command::View(CHANGE_PICTURE));
    for _ in 0..3 {
        key(&mut view, &m, area, Key::Down);
    }
    key(&mut view, &m, area, Key::Enter);
    assert_eq!(view.board().picture(), &Source::File(pictures.join("wide.bmp")));
    assert!(view.message().starts_with("wide.bmp is too wide"), "{}", view.message());
    let l = layout(&view, &m, area);
    // A 2:1 picture in 3 x 3 pieces: each twice as wide as high.
    assert!(l.piece.1 >= 20 && (l.piece.0 - 2 * l.piece.1).abs() <= 2, "pieces of {:?}", l.piece);
    // A picture that fits, chosen next, takes the note away.
    view.command(&Command::View(CHANGE_PICTURE));
    for _ in 0..3 {
        key(&mut view, &m, area, Key::Up);
    }
    key(&mut view, &m, area, Key::Enter);
    assert_ne!(view.board().picture(), &Source::File(pictures.join("wide.bmp")));
    assert_eq!(view.message(), "");
}

/// Once the puzzle is solved the status line keeps saying so beside a
/// picture's note, and alone once the note is gone. The Amiga's title
/// bar, too narrow for both, shows the note first: it answers the
/// player's choice, and the solved picture shows the ending meanwhile.
#[test]
fn a_solved_puzzle_keeps_its_ending_beside_a_pictures_note() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    std::fs::write(
        pictures.join("wide.bmp"),
        parlour::gfx::image_io::encode_bmp(&parlour::gfx::Surface::rgb(600, 100)),
    )
    .unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let seed = 21;
    let mut view = open(dir.path(), 3, 3, seed, vec![pictures]);
    for slide in hint_moves(seed) {
        let place = layout(&view, &m, area).place(slide.0);
        click(&mut view, &m, area, centre(place));
    }
    assert_eq!(view.session().state().status(), Status::Won);
    let ending = view.message();
    let choose = |view: &mut ScrambleView, arrow: Key| {
        view.command(&Command::View(CHANGE_PICTURE));
        for _ in 0..3 {
            key(view, &m, area, arrow);
        }
        key(view, &m, area, Key::Enter);
    };
    choose(&mut view, Key::Down);
    assert_eq!(view.message(), format!("wide.bmp is too wide: only the middle fits. {ending}"));
    choose(&mut view, Key::Up);
    assert_eq!(view.message(), ending);
}

/// A remembered picture that cannot be read is told of, as settings.ini's
/// values are: prefs.ini and its line, why, and what is shown instead.
/// The choice is kept (as scramble.guide says), so a picture on a disk
/// that was not there, or a file mended, is shown again at the next start;
/// choosing another picture drops it.
#[test]
fn a_remembered_picture_that_cannot_be_read_is_told_by_its_line_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("mine.iff");
    // An IFF file cut short after its header, as a failed copy leaves one.
    let colours = [Rgb::hex(0xFF0000), Rgb::hex(0x0000FF)];
    let whole = encode_ilbm(60, 40, &colours, &vec![1; 60 * 40], 1);
    std::fs::write(&broken, &whole[..whole.len() / 2]).unwrap();
    let choice = format!("[scramble]\nside=numbers\npicture={}\n", broken.display());
    std::fs::write(dir.path().join("prefs.ini"), &choice).unwrap();
    while parlour::host::warnings::take().is_some() {}
    let mut view = open(dir.path(), 3, 3, 4, vec![]);
    // The built-in picture stands in, and the player is told why.
    assert_eq!(view.board().picture(), &Source::BuiltIn("lighthouse.png".into()));
    assert!(view.message().contains("could not be read"), "{}", view.message());
    let told = parlour::host::warnings::take().expect("no box told of the picture").lines.join(" ");
    let line = format!("{}:3: {}", dir.path().join("prefs.ini").display(), broken.display());
    assert!(told.starts_with(&line), "{told}");
    assert!(told.contains("lighthouse") && told.ends_with('.'), "{told}");
    assert!(view.take_notice().is_none(), "told twice");
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("mine.iff"), "the choice was dropped: {prefs}");
    // Mended, it is shown again.
    std::fs::write(&broken, &whole).unwrap();
    let mut view = open(dir.path(), 3, 3, 4, vec![]);
    assert_eq!(view.board().picture(), &Source::File(broken.clone()));
    assert!(!view.message().contains("could not be read"), "{}", view.message());
    view.close();
    // Broken again, and another picture chosen: the choice goes.
    std::fs::write(&broken, &whole[..whole.len() / 2]).unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 4, vec![]);
    view.command(&Command::View(CHANGE_PICTURE));
    key(&mut view, &m, area, Key::Home);
    key(&mut view, &m, area, Key::Enter);
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(!prefs.contains("mine.iff"), "{prefs}");
    // A built-in picture no longer built in will not come back: dropped.
    std::fs::write(dir.path().join("prefs.ini"), "[scramble]\npicture=builtin:gone.png\n").unwrap();
    let mut view = open(dir.path(), 3, 3, 4, vec![]);
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(!prefs.contains("gone.png"), "{prefs}");
}

/// Game > Hint says which arrow key to press, and that key plays the
/// move hinted: the arrows move the gap, so the key points the other way
/// from the piece ("Hint: press Right to slide piece 15 left."). The
/// whole hint fits the Amiga PAL's title bar, the key first.
#[test]
fn the_hint_names_the_arrow_key_that_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let (m, area) = machine(id);
        for seed in 1..=6 {
            let mut view = open(dir.path(), 4, 4, seed, Vec::new());
            view.command(&Command::Hint);
            let said = view.message();
            let hinted = view.board().hinted().expect("a hint");
            let words = said.strip_prefix("Hint: press ").unwrap_or_else(|| panic!("{id}, {seed}: {said}"));
            let (name, _) = words.split_once(' ').unwrap();
            let arrow = match name {
                "Up" => Key::Up,
                "Down" => Key::Down,
                "Left" => Key::Left,
                "Right" => Key::Right,
                _ => panic!("{id}, {seed}: no arrow key in {said:?}"),
            };
            let mut expected = view.session().state().clone();
            expected.apply(&Slide(hinted));
            key(&mut view, &m, area, arrow);
            assert_eq!(view.session().state(), &expected, "{id}, {seed}: {name} does not play {said:?}");
            // The hint as the status line shows it, the key kept.
            let fields = view.fields();
            let frame =
                parlour::machines::Frame { title: "Scramble", fields: &fields, message: &said, ..Default::default() };
            assert!(!m.chrome().cuts_message(m.look(), &frame), "{id}: {said:?} is cut short");
        }
    }
}

/// The hint's moves for a 3 x 3 dealt with `seed`, in order, as the
/// pieces they slide.
fn hint_moves(seed: u64) -> Vec<Slide> {
    let v = ScrambleVariant::new(3, 3, false).unwrap();
    let mut g = v.deal(seed);
    let mut out = Vec::new();
    while g.status() == Status::Playing {
        let m = g.hint().unwrap();
        g.apply(&m);
        out.push(m);
    }
    out
}

#[test]
fn a_three_by_three_is_solved_by_its_hints_through_a_script() {
    let data = tempfile::tempdir().unwrap();
    let seed = 21;
    let (m, area) = machine(MachineId::AmigaPal);
    let v = ScrambleVariant::new(3, 3, false).unwrap();
    let p = v.deal(seed).puzzle().clone();
    let l = ScrambleLayout::new(&m, area, &p, 4.0 / 3.0);
    let mut script = String::new();
    for s in hint_moves(seed) {
        let (x, y) = centre(l.place(s.0));
        script.push_str(&format!("menu Game > Hint\nclick {x} {y}\n"));
    }
    let out = data.path().join("shot.png").to_string_lossy().into_owned();
    let seed_text = seed.to_string();
    let args = ["shot", "scramble/3x3", "--machine", "amiga-pal", "--seed", &seed_text, "--events", "-", "-o", &out];
    run_fed_ok(data.path(), &args, &script);
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    let game = stats.game("scramble/3x3").cloned().unwrap_or_default();
    assert_eq!((game.played, game.won), (1, 1), "the script solved the puzzle");
    assert_eq!(game.best_moves, Some(hint_moves(seed).len() as u64));
}

#[test]
fn goldens_of_the_picture_and_the_number_sides() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    for (id, numbers, golden) in [
        (MachineId::AmigaPal, false, "scramble-4x4-amiga-pal"),
        (MachineId::MacSe30, true, "scramble-3x3-numbers-mac-se30"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let size = if numbers { 3 } else { 4 };
        let mut view = open(dir.path(), size, size, 11, Vec::new());
        if numbers {
            view.command(&Command::View(TURN_OVER));
        }
        let (m, _) = machine(id);
        let driver = Driver::new(Shell::new(m, Box::new(view), 1));
        super::support::assert_golden(golden, driver.frame());
    }
}

/// Every machine, and the colour Mac at every depth.
fn every_screen() -> Vec<(MachineId, Option<parlour::machines::Depth>)> {
    let machines = [MachineId::Yazzle, MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30];
    let colour = parlour::machines::Depth::ALL.iter().map(|&d| (MachineId::MacColor, Some(d)));
    machines.into_iter().map(|id| (id, None)).chain(colour).collect()
}

/// The gap and the hint's frame show on every machine at every depth:
/// the gap is the window's flat colour edged sharply (no piece of the
/// picture is flat), and the hint is framed by a light line between two
/// dark ones, one of which stands out on any picture (a grey gap merged
/// with dark sky at four greys; a blue frame with dark-blue water).
#[test]
fn the_gap_and_the_hint_show_on_every_picture_at_every_depth() {
    let luma = |c: Rgb| (299 * i32::from(c.r) + 587 * i32::from(c.g) + 114 * i32::from(c.b)) / 1000;
    let dir = tempfile::tempdir().unwrap();
    for (id, depth) in every_screen() {
        let m = Machine::new(&MachineChoice { id: Some(id), depth, ..Default::default() }, id).unwrap();
        let area = m.content();
        let screen = format!("{id} {depth:?}");
        let mut view = open(dir.path(), 4, 4, 1, Vec::new());
        view.command(&Command::Hint);
        let hinted = view.board().hinted().expect("a hint");
        let mut s = m.new_surface();
        view.draw(&mut s, &m, area);
        let l = layout(&view, &m, area);
        let at = |x: i32, y: i32| s.colour_at(x, y).unwrap();
        let ring = |r: Rect| ring(&s, r);
        let flat = |pixels: &[Rgb]| pixels.iter().all(|&c| c == pixels[0]).then_some(pixels[0]);
        let inside = |r: Rect| -> Vec<Rgb> {
            (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).map(|(x, y)| at(x, y)).collect()
        };

        // The gap: flat inside (hatched on one bit, see
        // the_gap_never_passes_for_a_piece_of_a_flat_picture), edged all
        // round in a sharply other colour.
        let p = view.session().state().puzzle().clone();
        let gap = l.place(p.gap());
        let edge = flat(&ring(gap)).unwrap_or_else(|| panic!("{screen}: the gap has no edge all round"));
        if !m.look().is_monochrome() {
            let hole = flat(&inside(gap.inset(3, 3))).unwrap_or_else(|| panic!("{screen}: the gap is not flat"));
            assert!((luma(edge) - luma(hole)).abs() >= 100, "{screen}: the gap's edge {edge:?} on {hole:?}");
            for i in (0..p.len()).filter(|&i| i != p.gap()) {
                let piece = inside(l.place(i).inset(3, 3));
                assert!(flat(&piece).is_none_or(|c| c != hole), "{screen}: piece {i} looks like the gap");
            }
        }

        // The hint: dark, light, light, dark rings, far apart in brightness.
        let r = l.place(hinted);
        let rings: Vec<Rgb> = (0..4)
            .map(|k| flat(&ring(r.inset(k, k))).unwrap_or_else(|| panic!("{screen}: hint ring {k} is broken")))
            .collect();
        assert_eq!((rings[0], rings[1]), (rings[3], rings[2]), "{screen}");
        assert!(luma(rings[1]) - luma(rings[0]) >= 160, "{screen}: the hint's frame {rings:?}");
    }
}

/// Whatever the picture, the gap never looks like a piece of it: not
/// where the picture is flat white (a piece on one bit is edged black
/// with paper inside, as the gap was, so the two were one to the eye,
/// which the gap's hatching mends) nor flat black, on any screen.
#[test]
fn the_gap_never_passes_for_a_piece_of_a_flat_picture() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    for (name, colour) in [("black.bmp", Rgb::BLACK), ("white.bmp", Rgb::WHITE)] {
        let mut flat = parlour::gfx::Surface::rgb(120, 120);
        let ink = flat.value_for(colour);
        flat.fill_rect(Rect::new(0, 0, 120, 120), ink);
        std::fs::write(pictures.join(name), parlour::gfx::image_io::encode_bmp(&flat)).unwrap();
    }
    for (id, depth) in every_screen() {
        let m = Machine::new(&MachineChoice { id: Some(id), depth, ..Default::default() }, id).unwrap();
        let area = m.content();
        // The two come last, after the three built in, in order of name.
        for (keys, name) in [(&[Key::End, Key::Up][..], "black"), (&[Key::End][..], "white")] {
            let mut view = open(dir.path(), 3, 3, 1, vec![pictures.clone()]);
            view.command(&Command::View(CHANGE_PICTURE));
            for &k in keys {
                key(&mut view, &m, area, k);
            }
            key(&mut view, &m, area, Key::Enter);
            assert_eq!(view.board().picture().label(), name);
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            let l = layout(&view, &m, area);
            let pixels = |r: Rect| -> Vec<Option<u32>> {
                (r.y..r.bottom())
                    .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                    .map(|(x, y)| s.get(x, y))
                    .collect()
            };
            let p = view.session().state().puzzle().clone();
            let gap = pixels(l.place(p.gap()));
            for i in (0..p.len()).filter(|&i| i != p.gap()) {
                assert!(pixels(l.place(i)) != gap, "{id} {depth:?}, {name}: piece {i} looks like the gap");
            }
        }
    }
}

/// On one bit every piece of the picture is edged black with a ring of
/// paper inside, so that pieces part even where the picture dithers dark
/// (a black edge alone was lost in a dusk sky).
#[test]
fn pieces_part_on_one_bit_whatever_the_picture() {
    use parlour::machines::Depth;
    let dir = tempfile::tempdir().unwrap();
    for (id, depth) in [(MachineId::MacSe30, None), (MachineId::MacColor, Some(Depth::Bits1))] {
        let m = Machine::new(&MachineChoice { id: Some(id), depth, ..Default::default() }, id).unwrap();
        let area = m.content();
        let view = open(dir.path(), 4, 4, 1, Vec::new());
        let mut s = m.new_surface();
        view.draw(&mut s, &m, area);
        let l = layout(&view, &m, area);
        let ring = |r: Rect| ring(&s, r);
        let p = view.session().state().puzzle().clone();
        for i in (0..p.len()).filter(|&i| i != p.gap()) {
            let r = l.place(i);
            assert!(ring(r).iter().all(|&c| c == Rgb::BLACK), "{id}: piece {i}'s edge is black");
            assert!(ring(r.inset(1, 1)).iter().all(|&c| c == Rgb::WHITE), "{id}: piece {i}'s inner ring is paper");
        }
    }
}

/// The colours of the one-pixel ring just inside `r` on `s`.
fn ring(s: &parlour::gfx::Surface, r: Rect) -> Vec<Rgb> {
    let (x1, y1) = (r.right() - 1, r.bottom() - 1);
    let top = (r.x..=x1).flat_map(|x| [(x, r.y), (x, y1)]);
    let sides = (r.y..=y1).flat_map(|y| [(r.x, y), (x1, y)]);
    top.chain(sides).map(|(x, y)| s.colour_at(x, y).unwrap()).collect()
}

/// Whether the puzzle's pixels differ between two pictures of the window.
fn puzzle_differs(a: &parlour::gfx::Surface, b: &parlour::gfx::Surface, puzzle: Rect) -> bool {
    (puzzle.y..puzzle.bottom()).any(|y| (puzzle.x..puzzle.right()).any(|x| a.get(x, y) != b.get(x, y)))
}

/// Turning to another window covers the puzzle and stops its clock, as
/// Game > Pause and P do; a move, Resume or P again goes on, and the best
/// time counts none of the paused time.
#[test]
fn a_pause_covers_the_puzzle_and_its_time_is_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let seed = 21;
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), 3, 3, seed, Vec::new());
    let pause_label = |view: &ScrambleView| {
        let items = view.menus().into_iter().flat_map(|menu| menu.items);
        items.into_iter().find(|i| i.command == Command::View(PAUSE)).map(|i| (i.label, i.enabled))
    };
    assert_eq!(pause_label(&view), Some(("Pause".to_string(), false)), "nothing under way to pause");
    assert_eq!(view.focus_lost(), Response::Unchanged, "nothing to pause");
    let slides = hint_moves(seed);
    let (first, rest) = slides.split_first().unwrap();
    let l = layout(&view, &m, area);
    click(&mut view, &m, area, centre(l.place(first.0)));
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    let mut playing = m.new_surface();
    view.draw(&mut playing, &m, area);
    // Another window: covered, the clock stopped.
    assert_eq!(view.focus_lost(), Response::Redraw);
    view.input(&Input::Tick { ms: 5000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000, "the clock stands still while paused");
    let mut paused = m.new_surface();
    view.draw(&mut paused, &m, area);
    assert!(puzzle_differs(&playing, &paused, l.puzzle), "the puzzle is covered");
    assert_eq!(pause_label(&view), Some(("Resume".to_string(), true)));
    // A move uncovers the puzzle, and moves nothing it did not show.
    key(&mut view, &m, area, Key::Up);
    assert_eq!(view.session().move_count(), 1, "the key only goes on");
    let mut back = m.new_surface();
    view.draw(&mut back, &m, area);
    assert!(!puzzle_differs(&playing, &back, l.puzzle), "uncovered as it was");
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    // P pauses and goes on, as Game > Pause does.
    key(&mut view, &m, area, Key::Char('p'));
    view.input(&Input::Tick { ms: 4000 }, &m, area);
    click(&mut view, &m, area, centre(l.place(rest[0].0)));
    assert_eq!(view.session().move_count(), 1, "the click only goes on");
    view.command(&Command::View(PAUSE));
    view.input(&Input::Tick { ms: 4000 }, &m, area);
    key(&mut view, &m, area, Key::Char('P'));
    assert_eq!(view.session().elapsed_ms(), 3000, "paused time is not counted");
    for slide in rest {
        click(&mut view, &m, area, centre(l.place(slide.0)));
    }
    assert_eq!(view.session().state().status(), Status::Won);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("scramble/3x3").and_then(|g| g.best_time_ms), Some(3000));
}

/// The picture of the Undo button: as Edit > Undo allows, or not.
fn undo_button(view: &ScrambleView, m: &Machine, area: Rect) -> Vec<Option<u32>> {
    let mut s = m.new_surface();
    view.draw(&mut s, m, area);
    let r = layout(view, m, area).undo;
    (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).map(|(x, y)| s.get(x, y)).collect()
}

/// The Undo button is dimmed whenever Edit > Undo is: at the start of a
/// shuffle with moves waiting to be redone (Back to Start) Undo would go
/// back into the game before and drop them, so neither offers it.
#[test]
fn the_undo_button_follows_edit_undo() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(dir.path(), 3, 3, 5, Vec::new());
    let dimmed = undo_button(&view, &m, area);
    // A second shuffle, untouched: Undo takes it back.
    let scramble = centre(layout(&view, &m, area).scramble);
    click(&mut view, &m, area, scramble);
    assert!(view.can(&Command::Undo));
    let offered = undo_button(&view, &m, area);
    assert_ne!(offered, dimmed);
    // Down takes the gap back where Up moved it from, wherever it lies.
    key(&mut view, &m, area, Key::Up);
    key(&mut view, &m, area, Key::Down);
    assert_eq!(view.session().move_count(), 2, "{}", view.message());
    view.command(&Command::BackToStart);
    assert!(view.session().can_undo() && !view.can(&Command::Undo), "Edit > Undo is dimmed");
    assert_eq!(undo_button(&view, &m, area), dimmed, "and so is the button");
    view.command(&Command::ForwardToEnd);
    assert_eq!(undo_button(&view, &m, area), offered);
}

/// Restart on a puzzle with no move made deals no step of its own: Undo
/// stays dimmed, as on the puzzle just opened (before, Undo was offered
/// and took the Restart back to the same puzzle), and the status line
/// says why nothing changed. A shuffle untouched is still taken back by
/// the next Undo, and a puzzle moved in restarts as before.
#[test]
fn restart_of_an_untouched_puzzle_leaves_nothing_to_undo() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 5, Vec::new());
    let (dealt, dimmed) = (view.session().state().clone(), undo_button(&view, &m, area));
    assert!(!view.can(&Command::Undo));
    view.command(&Command::Restart);
    assert!(!view.can(&Command::Undo), "nothing to undo after Restart of an untouched puzzle");
    assert_eq!(undo_button(&view, &m, area), dimmed, "and the button says so");
    assert_eq!(view.message(), "The game is at its start already.");
    assert_eq!(view.session().state(), &dealt);

    let scramble = centre(layout(&view, &m, area).scramble);
    click(&mut view, &m, area, scramble);
    view.command(&Command::Restart);
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &dealt, "Undo takes the shuffle back at once");

    view.command(&Command::Redo);
    let slide = view.session().state().hint().unwrap();
    let place = centre(layout(&view, &m, area).place(slide.0));
    click(&mut view, &m, area, place);
    let asked = view.command(&Command::Restart);
    assert!(matches!(asked, Some(Response::Ask(_))), "a puzzle under way is given up only when asked: {asked:?}");
    view.answer(0);
    assert_eq!(view.session().move_count(), 0);
    view.command(&Command::Undo);
    assert_eq!(view.session().move_count(), 1, "Undo takes a Restart of a puzzle moved in back");
}

/// Scramble after a solved puzzle starts a history of its own: Undo
/// reaches the start of the new shuffle and not the solved puzzle behind
/// it. A game given up for a shuffle stays behind it, for Undo to bring
/// back.
#[test]
fn a_shuffle_after_a_solved_puzzle_undoes_only_to_its_own_start() {
    let dir = tempfile::tempdir().unwrap();
    let seed = 21;
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, seed, Vec::new());
    for slide in hint_moves(seed) {
        let place = centre(layout(&view, &m, area).place(slide.0));
        click(&mut view, &m, area, place);
    }
    assert_eq!(view.session().state().status(), Status::Won);
    view.command(&Command::New);
    let shuffled = view.session().state().puzzle().clone();
    assert!(!shuffled.is_solved());
    assert!(!view.can(&Command::Undo), "nothing behind the shuffle");
    key(&mut view, &m, area, Key::Up);
    key(&mut view, &m, area, Key::Left);
    view.command(&Command::Undo);
    view.command(&Command::Undo);
    assert_eq!(view.session().state().puzzle(), &shuffled);
    assert!(!view.can(&Command::Undo), "the start of this shuffle is as far as Undo goes");
    // An unsolved game given up for another shuffle is still there.
    view.command(&Command::Redo);
    let asked = view.command(&Command::New);
    assert!(matches!(asked, Some(Response::Ask(_))), "a game under way is given up only when asked: {asked:?}");
    view.answer(0);
    view.command(&Command::Undo);
    assert_eq!(view.session().move_count(), 1, "the game given up comes back");
}

/// Solves the puzzle on the table by its hints, a click on each piece;
/// returns what the last click answered.
fn solve_by_clicks(view: &mut ScrambleView, m: &Machine, area: Rect) -> Response {
    let mut last = Response::Unchanged;
    while view.session().state().status() == Status::Playing {
        let slide = view.session().state().hint().unwrap();
        let l = layout(view, m, area);
        last = click(view, m, area, centre(l.place(slide.0)));
    }
    last
}

/// The win's box gives the moves once: "Solved in 4 moves!" says them,
/// and the line under it gives the time alone; a record set is said.
#[test]
fn the_win_box_gives_the_moves_once() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 2, 2, 5, Vec::new());
    let Response::Ask(won) = solve_by_clicks(&mut view, &m, area) else { panic!("no box at the win") };
    assert_eq!(won.lines.iter().filter(|l| l.contains("move")).count(), 1, "{:?}", won.lines);
    assert!(won.lines[1].starts_with("Time: ") && !won.lines[1].contains("Moves"), "{:?}", won.lines);
    // The first win at a size sets its records, and says so.
    assert!(
        won.lines.iter().any(|l| l == "A record at 2 x 2: your shortest solution and best time!"),
        "{:?}",
        won.lines
    );
    // The same puzzle solved the same way again only equals them.
    drop(view);
    let mut again = open(dir.path(), 2, 2, 5, Vec::new());
    let Response::Ask(won) = solve_by_clicks(&mut again, &m, area) else { panic!("no box at the second win") };
    assert!(!won.lines.iter().any(|l| l.contains("record")), "a tie told as a record: {:?}", won.lines);
}

/// The clock stands while Change Picture's box is open, as it does under
/// the window's requesters (the Statistics box, New Game's question).
#[test]
fn the_clock_stands_while_change_picture_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 3, 3, 5, Vec::new());
    play_the_hint(&mut view, &m, area);
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    view.command(&Command::View(CHANGE_PICTURE));
    view.input(&Input::Tick { ms: 4000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 1000, "the clock ran under the box");
    key(&mut view, &m, area, Key::Escape);
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000, "the clock goes on once the box is closed");
}

/// A game given up for New Game is counted lost; taken back by Undo it
/// stays so (guide/solitaire.guide, "Undo after a loss"), even once a
/// move has dropped the deal that gave it up and the game is resumed
/// from its journal: its clock stands, Pause is greyed, and solving it
/// counts nothing more.
#[test]
fn a_game_given_up_and_taken_back_stays_counted_as_lost_when_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 2, 2, 5, Vec::new());
    solve_by_clicks(&mut view, &m, area);
    // The win's box: New Game after OK.
    view.answer(1);
    play_the_hint(&mut view, &m, area);
    let Some(Response::Ask(_)) = view.command(&Command::New) else { panic!("New Game did not ask first") };
    view.answer(0);
    view.command(&Command::Undo);
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    let mut view = moved_and_resumed(view, dir.path(), &m, area);
    let items = view.menus().into_iter().flat_map(|menu| menu.items);
    let pause = items.into_iter().find(|i| i.command == Command::View(PAUSE)).unwrap();
    assert!(!pause.enabled, "Pause is offered while the clock stands");
    solve_by_clicks(&mut view, &m, area);
    assert!(view.message().contains("stays counted as lost"), "{}", view.message());
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    let game = stats.game(view.session().variant().id()).unwrap();
    assert_eq!((game.played, game.won, game.lost), (2, 1, 1));
}

/// A won game taken back by Undo and played on stays counted as won, also
/// once resumed from its journal: the move after Undo drops the step that
/// won it, and before the journal's `won` mark the resumed game ran its
/// clock and counted a second win.
#[test]
fn a_game_won_and_taken_back_stays_counted_as_won_when_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(dir.path(), 2, 2, 5, Vec::new());
    solve_by_clicks(&mut view, &m, area);
    // The win's box: OK keeps the solved puzzle on the table.
    view.answer(0);
    view.command(&Command::Undo);
    view.command(&Command::Undo);
    let mut view = moved_and_resumed(view, dir.path(), &m, area);
    assert_eq!(view.message(), "Won game resumed: New Game deals another.");
    solve_by_clicks(&mut view, &m, area);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    let game = stats.game(view.session().variant().id()).unwrap();
    assert_eq!((game.played, game.won, game.lost), (1, 1, 0));
}

/// The game in `view`, a game already counted and taken back by Undo,
/// after one more move (which drops the steps that told how it ended),
/// resumed from its journal in `data`; its clock stands.
fn moved_and_resumed(mut view: ScrambleView, data: &std::path::Path, m: &Machine, area: Rect) -> ScrambleView {
    play_the_hint(&mut view, m, area);
    assert_eq!(view.session().state().status(), Status::Playing);
    let variant = view.session().variant().clone();
    drop(view);
    let board = ScrambleBoard::new(data, Vec::new());
    let mut view = Controller::open("scramble", variant, board, data, &Opening::default());
    assert!(view.session().move_count() > 0, "the game was not resumed");
    let counted_with = view.session().elapsed_ms();
    view.input(&Input::Tick { ms: 3000 }, m, area);
    assert_eq!(view.session().elapsed_ms(), counted_with, "the clock of a counted game stands");
    view
}

/// Plays the hint's move by a click on its piece.
fn play_the_hint(view: &mut ScrambleView, m: &Machine, area: Rect) {
    let (l, hint) = (layout(view, m, area), view.session().state().hint().unwrap());
    click(view, m, area, centre(l.place(hint.0)));
}

/// Run from the data folder, ./pictures is the data folder's own: its
/// pictures are listed once, by their names, as from any other folder
/// (each was listed twice, with its ending to tell the twins apart).
#[test]
fn run_from_the_data_folder_its_pictures_are_listed_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("pictures")).unwrap();
    let mut picture = parlour::gfx::Surface::rgb(40, 30);
    let blue = picture.value_for(Rgb::hex(0x2040C0));
    picture.fill_rect(picture.bounds(), blue);
    std::fs::write(data.join("pictures/pond.bmp"), parlour::gfx::image_io::encode_bmp(&picture)).unwrap();
    let events = dir.path().join("events.txt");
    std::fs::write(&events, "menu Game > Change Picture...\nkey End\n").unwrap();
    let shot_from = |cwd: &std::path::Path, name: &str| {
        let png = dir.path().join(name);
        let out = super::support::parlour()
            .env("PARLOUR_DATA_DIR", &data)
            .current_dir(cwd)
            .args(["shot", "scramble", "--machine", "amiga-pal", "--seed", "1", "--events"])
            .arg(&events)
            .arg("-o")
            .arg(&png)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        // Each shot plays a game of its own from the same deal.
        std::fs::remove_dir_all(data.join("journals")).ok();
        image::open(png).unwrap().to_rgb8()
    };
    let from_elsewhere = shot_from(dir.path(), "elsewhere.png");
    let from_data = shot_from(&data, "from-data.png");
    assert!(from_data == from_elsewhere, "the list differs when run from the data folder");
}
