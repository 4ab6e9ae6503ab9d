//! The help viewer as a reader uses it: goldens in each machine's style,
//! links by mouse and by Tab and Return, Retrace, Browse, disabled program
//! buttons, scrolling, and `parlour help` from the command line.

use std::path::Path;

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::gfx::Rect;
use parlour::help::viewer::Viewer;
use parlour::help::{amigaguide, html, imaj};
use parlour::machines::{Button, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::View;
use parlour::views::help::HelpView;

use super::support::{assert_golden, run};

/// A small guide, fixed here so the goldens do not follow guide/.
const GUIDE: &str = "@DATABASE test.guide\n@$VER: test.guide 1.0 (22.11.2026)\n@INDEX Index\n\
@NODE MAIN \"A Test Guide\"\n\
@{b}A Test Guide@{ub}\n\n\
@{\" Rules  \" link Rules}  how the game goes\n\
@{\" Scores \" link Scores}  how points count\n\
@{\" Shell  \" system \"echo hi\"}  never run\n\n\
Plain, @{i}italic@{ui}, @{u}lined@{uu}, @{fg shine}shining@{fg text}.\n\
@ENDNODE\n\
@NODE Rules \"Rules\"\nJump a stone over another.\n@{\" Scores \" link Scores}\n@ENDNODE\n\
@NODE Scores \"Scores\"\nRed 30, yellow 20, green 10.\n@ENDNODE\n\
@NODE Index \"Index\"\n@{\" Rules \" link Rules}\n@ENDNODE\n";

const IMAJ: &str = "%title Test Help\n# About\nA patience for the *Macintosh*.\n\nSee [[The Rules]] and [[Scoring]].\n\n\
- one\n- two\n# The Rules\nBuild down in sequence.\n# Scoring\nOne point a card.\n";

const HTML: &str = "<html><head><title>Test Game</title><link rel=\"stylesheet\" href=\"help.css\"></head>\
<body><div id=\"content\"><h3>Winning</h3><p>Move every card <b>home</b>.</p>\
<h3>Game Play</h3><ul><li>Build down.</li><li>Fill spaces with kings.</li></ul></div></body></html>";

fn machine(id: MachineId) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

fn guide_viewer() -> HelpView {
    HelpView::new(Viewer::new(amigaguide::read(Path::new("test.guide"), GUIDE.as_bytes()), Some("MAIN")))
}

fn click(v: &mut HelpView, m: &Machine, r: Rect) {
    let (x, y) = (r.x + r.w / 2, r.y + r.h / 2);
    v.input(&Input::MouseDown { x, y, button: Button::Left }, m, m.content());
    v.input(&Input::MouseUp { x, y, button: Button::Left }, m, m.content());
}

/// Where the links in view are on the screen.
fn links(v: &HelpView, m: &Machine) -> Vec<Rect> {
    v.viewer().visible_links(m, m.content()).into_iter().map(|(r, _)| r).collect()
}

fn key(v: &mut HelpView, m: &Machine, key: Key) {
    v.input(&Input::Key { key, mods: Modifiers::default() }, m, m.content());
}

#[test]
fn the_viewer_in_each_machines_style() {
    let cases: [(MachineId, HelpView, &str); 3] = [
        (MachineId::AmigaPal, guide_viewer(), "help-amigaguide-amiga-pal"),
        (
            MachineId::MacSe30,
            HelpView::new(Viewer::new(imaj::read(Path::new("t.imaj"), IMAJ.as_bytes()), None)),
            "help-imaj-mac-se30",
        ),
        (
            MachineId::Yazzle,
            HelpView::new(Viewer::new(html::read(Path::new("game.html"), HTML.as_bytes()), None)),
            "help-html-yazzle",
        ),
    ];
    for (id, viewer, name) in cases {
        let mut driver = Driver::new(Shell::new(machine(id), Box::new(viewer), 1));
        // The box telling the guide's problem (its SYSTEM button) goes.
        driver.feed(&[Input::Key { key: Key::Enter, mods: Modifiers::default() }]);
        assert_golden(name, driver.frame());
    }
}

#[test]
fn a_clicked_link_opens_its_node_and_retrace_walks_back() {
    let m = machine(MachineId::AmigaPal);
    let mut v = guide_viewer();
    let first = links(&v, &m);
    assert_eq!(first.len(), 3, "Rules, Scores and the shell button");
    click(&mut v, &m, first[0]);
    assert_eq!(v.viewer().node_name(), "Rules");
    let inner = links(&v, &m);
    click(&mut v, &m, inner[0]);
    assert_eq!(v.viewer().node_name(), "Scores");
    assert!(v.can(&nav("help-retrace")));
    v.command(&nav("help-retrace"));
    assert_eq!(v.viewer().node_name(), "Rules");
    v.command(&nav("help-retrace"));
    assert_eq!(v.viewer().node_name(), "MAIN");
    assert!(!v.can(&nav("help-retrace")), "the whole history is walked back");
}

#[test]
fn tab_and_return_follow_the_focused_link() {
    let m = machine(MachineId::AmigaPal);
    let mut v = guide_viewer();
    key(&mut v, &m, Key::Tab);
    key(&mut v, &m, Key::Tab);
    key(&mut v, &m, Key::Enter);
    assert_eq!(v.viewer().node_name(), "Scores");
}

#[test]
fn program_buttons_are_disabled_and_run_nothing() {
    let m = machine(MachineId::AmigaPal);
    let mut v = guide_viewer();
    let shell = links(&v, &m)[2];
    click(&mut v, &m, shell);
    assert_eq!(v.viewer().node_name(), "MAIN");
    assert!(v.message().contains("never runs"), "{}", v.message());
}

#[test]
fn browse_index_and_contents_buttons() {
    let mut v = guide_viewer();
    assert!(!v.can(&nav("help-prev")), "nothing before MAIN");
    v.command(&nav("help-next"));
    assert_eq!(v.viewer().node_name(), "Rules");
    v.command(&nav("help-next"));
    assert_eq!(v.viewer().node_name(), "Scores");
    v.command(&nav("help-index"));
    assert_eq!(v.viewer().node_name(), "Index");
    v.command(&nav("help-contents"));
    assert_eq!(v.viewer().node_name(), "MAIN");
    assert!(!v.can(&nav("help-help")), "the guide names no help node");
}

#[test]
fn keys_and_the_wheel_scroll() {
    let m = machine(MachineId::AmigaPal);
    let long: String = (1..=80).map(|i| format!("Line {i}\n")).collect();
    let text = format!("@DATABASE long\n@NODE MAIN \"Long\"\n{long}@ENDNODE\n");
    let mut v = HelpView::new(Viewer::new(amigaguide::read(Path::new("long.guide"), text.as_bytes()), None));
    key(&mut v, &m, Key::Down);
    assert_eq!(v.viewer().first_line(&m, m.content()), 1);
    v.input(&Input::Wheel { x: 100, y: 100, dy: 2 }, &m, m.content());
    assert_eq!(v.viewer().first_line(&m, m.content()), 7);
    key(&mut v, &m, Key::End);
    let last = v.viewer().first_line(&m, m.content());
    assert!(last > 50, "{last}");
    key(&mut v, &m, Key::Down);
    assert_eq!(v.viewer().first_line(&m, m.content()), last, "no scrolling past the end");
    key(&mut v, &m, Key::Home);
    assert_eq!(v.viewer().first_line(&m, m.content()), 0);
}

#[test]
fn links_to_other_files_stay_in_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("other.guide"),
        "@DATABASE other\n@NODE MAIN \"Other\"\nHello.\n@ENDNODE\n@NODE Far \"Far\"\nFar.\n@ENDNODE\n",
    )
    .unwrap();
    let text = "@DATABASE main\n@NODE MAIN \"Main\"\n@{\" Other \" link other.guide/Far}\n@{\" Out \" link ../x.guide/MAIN}\n@ENDNODE\n";
    let path = dir.path().join("main.guide");
    std::fs::write(&path, text).unwrap();
    let m = machine(MachineId::AmigaPal);
    let mut v = HelpView::new(Viewer::new(parlour::help::read_file(&path).unwrap(), None));
    let both = links(&v, &m);
    click(&mut v, &m, both[1]);
    assert_eq!(v.viewer().node_name(), "MAIN", "a link out of the folder is refused");
    click(&mut v, &m, both[0]);
    assert_eq!(v.viewer().node_name(), "Far");
    v.command(&nav("help-retrace"));
    assert_eq!((v.title().as_str(), v.viewer().node_name()), ("main", "MAIN"), "back in main.guide");
}

#[test]
fn parlour_help_renders_and_builds_html() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("help.png");
    for machine in ["amiga-pal", "mac-se30", "yazzle"] {
        let r = run(&["help", "klondike", "--machine", machine, "--shot", &out.to_string_lossy()]);
        assert!(r.status.success(), "{machine}: {}", String::from_utf8_lossy(&r.stderr));
        assert!(std::fs::metadata(&out).unwrap().len() > 1000);
    }
    let r =
        run(&["help", "the-chance", "--machine", "mac-se30", "--node", "Scoring", "--shot", &out.to_string_lossy()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let dir = tempfile::tempdir().unwrap();
    let r = run(&["help", "--html", &dir.path().to_string_lossy()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(dir.path().join("klondike.html").is_file());
    assert!(dir.path().join("Help/help.css").is_file());
    let start = dir.path().join("Help").join("intro.html");
    assert!(start.is_file());
    let said = String::from_utf8_lossy(&r.stderr);
    assert!(said.contains(&format!("Open {} in a web browser", start.display())), "{said}");
    // What it built passes Parlour's own checks, as the help it is.
    let lint = run(&["lint", "--quiet", &dir.path().to_string_lossy()]);
    assert!(lint.status.success() && lint.stdout.is_empty(), "{}", String::from_utf8_lossy(&lint.stdout));
}

#[test]
fn help_opens_over_a_game_and_escape_returns_to_it() {
    let (game, _data) = super::support::open_game("klondike", 1);
    let mut driver = Driver::new(Shell::new(machine(MachineId::AmigaPal), game, 1));
    let table = driver.frame().clone();
    driver.command(&parlour::machines::Command::Help);
    assert_ne!(driver.frame().pixels(), table.pixels(), "the guide is shown");
    driver.feed(&[Input::Key { key: Key::Escape, mods: Modifiers::default() }]);
    assert_eq!(driver.frame().pixels(), table.pixels(), "back at the same table");
}

#[test]
fn long_unwrapped_lines_scroll_sideways_on_a_narrow_screen() {
    let m = machine(MachineId::AmigaPal);
    let text = format!(
        "@DATABASE wide\n@NODE MAIN \"Wide\"\n{}@{{\" Far \" link Far}}\n@ENDNODE\n@NODE Far \"Far\"\nHere.\n@ENDNODE\n",
        "x".repeat(60)
    );
    let mut v = HelpView::new(Viewer::new(amigaguide::read(Path::new("wide.guide"), text.as_bytes()), None));
    let before = links(&v, &m)[0];
    assert!(before.x > m.content().right(), "the link starts off screen");
    for _ in 0..4 {
        key(&mut v, &m, Key::Right);
    }
    let after = links(&v, &m)[0];
    assert!(after.x < before.x && after.right() <= m.content().right(), "{after:?}");
    click(&mut v, &m, after);
    assert_eq!(v.viewer().node_name(), "Far");
    key(&mut v, &m, Key::Left);
    assert_eq!(links(&v, &m).len(), 0);
}

/// A Navigate menu command of the viewer.
fn nav(name: &'static str) -> parlour::machines::Command {
    parlour::machines::Command::View(parlour::machines::ViewCommand(name))
}

/// F1 opens the game's help on every machine (the Amiga's Help key,
/// Windows' F1), and closing it returns to the game.
#[test]
fn f1_opens_the_game_s_help() {
    for id in MachineId::ALL {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (view, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(m, view, 1));
        let table = d.frame().pixels().to_vec();
        d.feed(&[Input::Key { key: Key::Function(1), mods: Modifiers::default() }]);
        assert_ne!(d.frame().pixels(), table.as_slice(), "{id}: F1 shows the help");
        assert!(d.shell().menus().iter().all(|m| m.title != "Game"), "{id}: the help's menus, not the game's");
        d.command(&parlour::machines::Command::Close);
        assert_eq!(d.frame().pixels(), table.as_slice(), "{id}: closing the help returns to the game");
    }
}

/// The window's title names what is shown: the game, its help while the
/// help is read, the program alone on the launcher.
#[test]
fn the_window_title_names_what_is_shown() {
    let (view, data) = super::support::open_game("klondike", 1);
    let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), view, 1));
    assert_eq!(d.shell().window_title(), "Klondike #1 - Parlour", "with the number of the deal");
    // The guide's own title is its file's name: the help names the game.
    let f1 = Input::Key { key: Key::Function(1), mods: Modifiers::default() };
    d.feed(&[f1]);
    assert_eq!(d.shell().window_title(), "Help: Klondike - Parlour");
    d.command(&parlour::machines::Command::Close);
    assert_eq!(d.shell().window_title(), "Klondike #1 - Parlour");
    let launcher = parlour::app::launcher::Launcher::in_data_dir(data.path().to_path_buf());
    let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), Box::new(launcher), 1));
    assert_eq!(d.shell().window_title(), "Parlour");
    d.feed(&[f1]);
    // One pattern: "Help: " and the title the window has without the help.
    assert_eq!(d.shell().window_title(), "Help: Parlour");
    // Help opened on its own names itself.
    let d = Driver::new(Shell::new(machine(MachineId::MacSe30), Box::new(guide_viewer()), 1));
    assert_eq!(d.shell().window_title(), format!("Help: {} - Parlour", d.shell().title()));
}

/// The help on a game is named as the launcher names the game, whether
/// asked for in the game (F1 on the Arch board) or in the launcher
/// (its Help button on Peg Solitaire).
#[test]
fn the_help_s_window_title_names_the_game_from_the_game_and_the_launcher_alike() {
    let (view, data) = super::support::open_game("pegs/arch", 1);
    let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), view, 1));
    assert_eq!(d.shell().window_title(), "Arch - Parlour");
    d.feed(&[Input::Key { key: Key::Function(1), mods: Modifiers::default() }]);
    assert_eq!(d.shell().window_title(), "Help: Peg Solitaire - Parlour");
    let launcher = parlour::app::launcher::Launcher::in_data_dir(data.path().to_path_buf());
    let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), Box::new(launcher), 1));
    d.command(&parlour::machines::Command::HelpOn("pegs".into()));
    assert_eq!(d.shell().window_title(), "Help: Peg Solitaire - Parlour");
    d.command(&parlour::machines::Command::Close);
    d.command(&parlour::machines::Command::HelpOn("klondike".into()));
    assert_eq!(d.shell().window_title(), "Help: Klondike - Parlour");
}

/// The Navigate menu names its items as the machine's buttons are named:
/// Retrace and Browse in an AmigaGuide window, Back, Previous and Next on
/// the Mac and the YaZZle window.
#[test]
fn the_navigate_menu_speaks_the_buttons_language() {
    for (id, back, prev) in [
        (MachineId::AmigaPal, "Retrace", "Browse <"),
        (MachineId::MacSe30, "Back", "< Previous"),
        (MachineId::Yazzle, "Back", "< Previous"),
    ] {
        let driver = Driver::new(Shell::new(machine(id), Box::new(guide_viewer()), 1));
        let menus = driver.shell().menus();
        let navigate = menus.iter().find(|m| m.title == "Navigate").expect("a Navigate menu");
        let items: Vec<String> = navigate.items.iter().map(|i| i.label.clone()).collect();
        assert!(items.contains(&back.to_string()) && items.contains(&prev.to_string()), "{id:?}: {items:?}");
    }
}

/// The Navigate menu shows the letter the viewer takes for each of its
/// buttons, typed by itself (no command key's sign), and typing it does
/// what the item does; Close Help has the command key's W, which closes
/// the help over the game as Escape does.
#[test]
fn the_navigate_menu_shows_the_keys_the_viewer_takes() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let m = machine(id);
        let shown = Driver::new(Shell::new(machine(id), Box::new(guide_viewer()), 1)).shell().menus();
        let navigate = shown.iter().find(|m| m.title == "Navigate").expect("a Navigate menu");
        for item in navigate.items.iter().filter(|i| !i.is_separator()) {
            if item.command == parlour::machines::Command::Close {
                assert_eq!((item.shortcut(), item.key_alone), (Some('W'), false), "{id:?}");
                continue;
            }
            let letter = item.key.filter(|_| item.key_alone).expect("a letter typed alone");
            // From a topic inside the guide, reached by a link, so that
            // every button leads somewhere.
            let (mut chosen, mut typed) = (guide_viewer(), guide_viewer());
            for v in [&mut chosen, &mut typed] {
                let rules = links(v, &m)[0];
                click(v, &m, rules);
                assert_eq!(v.viewer().node_name(), "Rules");
            }
            // (This guide has no help node: Help leads nowhere.)
            let leads = chosen.can(&item.command);
            chosen.command(&item.command);
            key(&mut typed, &m, Key::Char(letter.to_ascii_lowercase()));
            assert_eq!(typed.viewer().node_name(), chosen.viewer().node_name(), "{id:?}: {} and {letter}", item.label);
            assert_eq!(typed.viewer().node_name() != "Rules", leads, "{id:?}: {}", item.label);
        }
        let (game, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(machine(id), game, 1));
        let table = d.frame().pixels().to_vec();
        d.feed(&[Input::Key { key: Key::Function(1), mods: Modifiers::default() }]);
        let amiga = id == MachineId::AmigaPal;
        let command_key = Modifiers { ctrl: !amiga, alt: amiga, ..Modifiers::default() };
        d.feed(&[Input::Key { key: Key::Char('w'), mods: command_key }]);
        assert!(d.frame().pixels() == table.as_slice(), "{id:?}: the command key's W closes the help");
    }
}

/// The YaZZle window's page shows no topic bar: a guide's window title
/// there is the topic's, where elsewhere it is the guide's.
#[test]
fn on_the_yazzle_window_a_guide_is_titled_by_its_topic() {
    for (id, node) in [(MachineId::Yazzle, true), (MachineId::AmigaPal, false), (MachineId::MacSe30, false)] {
        let viewer = guide_viewer();
        let want = if node { viewer.viewer().node_title().to_string() } else { viewer.viewer().title() };
        assert_ne!(viewer.viewer().node_title(), viewer.viewer().title());
        // Named so from the first frame, which the title is drawn before.
        assert_eq!(guide_viewer().on(id).title(), want, "{id:?}");
        let driver = Driver::new(Shell::new(machine(id), Box::new(guide_viewer()), 1));
        assert_eq!(driver.shell().title(), want, "{id:?}");
    }
}

/// What a click says is shown whole in a box where the status line would
/// cut it (the Amiga PAL's title bar), and left to the status line where
/// it fits (the SE/30's).
#[test]
fn a_message_too_long_for_the_title_bar_is_shown_in_a_box() {
    use parlour::views::Response;
    let guide = "@DATABASE t.guide\n@NODE MAIN \"T\"\n@{\" Gone \" link NoSuchTopicAtAll}\n@ENDNODE\n";
    for (id, boxed) in [(MachineId::AmigaPal, true), (MachineId::MacSe30, false)] {
        let m = machine(id);
        let mut v = HelpView::new(Viewer::new(amigaguide::read(Path::new("t.guide"), guide.as_bytes()), None));
        let r = v.viewer().visible_links(&m, m.content())[0].0;
        let (x, y) = (r.x + r.w / 2, r.y + r.h / 2);
        let said = v.input(&Input::MouseDown { x, y, button: Button::Left }, &m, m.content());
        let whole = "That topic is missing. There is no topic \"NoSuchTopicAtAll\" in t.guide.";
        assert_eq!(v.message(), whole, "{id}");
        match said {
            Response::Ask(req) => assert!(boxed && req.lines == [whole], "{id}: {:?}", req.lines),
            _ => assert!(!boxed, "{id}: no box"),
        }
    }
}

thread_local! {
    /// The documents a viewer under test reported, by file name.
    static REPORTED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn note_reported(doc: &parlour::help::model::Document) {
    let name = doc.path.file_name().unwrap().to_string_lossy().into_owned();
    REPORTED.with(|r| r.borrow_mut().push(name));
}

/// The problems of the first guide and of one a link opens are told as
/// each is read, once: reported (standard error, for `parlour help`) and
/// shown whole in a box, a few at a time with More, on the smallest
/// screens too, never cut short.
#[test]
fn a_linked_guides_problems_are_told_whole_when_it_opens() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let first = dir.path().join("first.guide");
    std::fs::write(
        &first,
        "@DATABASE first\n@NODE Main \"First\"\n@{\" Run \" system \"touch /tmp/x\"}\n@{\" Sub \" link sub/other.guide/Main}\n@ENDNODE\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("sub/other.guide"),
        "@DATABASE other\n@NODE Main \"Other\"\n@{\" up \" link ../first.guide/Main}\n\
         @{\" secret \" link ../../secret.guide/Main}\n@{\" gone \" link Gone}\n@{wibble}\n@ENDNODE\n",
    )
    .unwrap();
    REPORTED.with(|r| r.borrow_mut().clear());
    let doc = parlour::help::read_file(&first).unwrap();
    let mut v = HelpView::new(Viewer::new(doc, Some("Main"))).reporting(note_reported);
    let first_box = v.take_question().expect("the first guide's problems");
    assert_eq!(first_box.lines[0], "A problem in first.guide:");
    assert!(first_box.lines[1].starts_with("Line 3: warning: the SYSTEM button \"Run\" runs a shell command"));
    assert_eq!(first_box.buttons, ["OK"]);
    v.answer(0);
    assert!(v.take_question().is_none(), "told once");

    let m = machine(MachineId::AmigaPal);
    // Past the SYSTEM button (greyed, Tab stops on it too) to Sub.
    key(&mut v, &m, Key::Tab);
    key(&mut v, &m, Key::Tab);
    key(&mut v, &m, Key::Enter);
    assert_eq!(v.title(), "other");
    let boxes: Vec<parlour::machines::Requester> = std::iter::from_fn(|| {
        let shown = v.take_question()?;
        v.answer(0);
        Some(shown)
    })
    .collect();
    assert_eq!(REPORTED.with(|r| r.borrow().clone()), ["first.guide", "other.guide"]);
    assert_eq!(boxes.len(), 2, "{boxes:#?}");
    assert_eq!(boxes[0].lines[0], "Problems 1 to 3 of 4 in other.guide:");
    assert_eq!(boxes[0].buttons, ["More", "OK"]);
    assert_eq!(boxes[1].lines[0], "Problems 4 to 4 of 4 in other.guide:");
    assert!(boxes[0].lines[1].starts_with("Line 3: error: link to ../first.guide/Main leaves the guide's folder"));
    assert!(boxes[1].lines[1].starts_with("Line 6: warning: unknown inline command"));
    // Whole on the smallest screens: wrapped between words, none left out.
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let m = machine(id);
        for shown in &boxes {
            let set: Vec<String> = m.chrome().requester_lines(m.look(), shown).into_iter().map(|(l, _)| l).collect();
            assert_eq!(set.join(" "), shown.lines.join(" "), "{id:?}");
        }
    }
    // Back and there again: nothing more to tell.
    v.command(&parlour::machines::Command::View(parlour::views::help::NAVIGATE[3].0));
    key(&mut v, &m, Key::Enter);
    assert_eq!(v.title(), "other");
    assert!(v.take_question().is_none());
    assert_eq!(REPORTED.with(|r| r.borrow().len()), 2);
}

/// Clicks the middle of `r` through the driver, as a reader would.
fn click_through(d: &mut Driver, r: Rect) {
    let (x, y) = (r.x + r.w / 2, r.y + r.h / 2);
    d.feed(&[Input::MouseDown { x, y, button: Button::Left }, Input::MouseUp { x, y, button: Button::Left }]);
}

/// A document's problems are told once as it opens: following a link,
/// or Retrace, brings back no box of them, neither of the problem the
/// status line shows (a guide's SYSTEM button) after a click said
/// something else, nor of a picture that is not there (a game page).
#[test]
fn a_documents_problems_are_not_boxed_again_as_the_reader_moves() {
    let dir = tempfile::tempdir().unwrap();
    let guide = dir.path().join("t.guide");
    std::fs::write(
        &guide,
        "@DATABASE t.guide\n@NODE MAIN \"T\"\n@{\" Run \" system \"touch /tmp/x\"}\n@{\" Two \" link Two}\n@ENDNODE\n\
         @NODE Two \"Two\"\nSecond.\n@ENDNODE\n",
    )
    .unwrap();
    let page = dir.path().join("game.html");
    std::fs::write(
        &page,
        "<html><head><title>Game</title></head><body><p><img src=\"nothere.bmp\" alt=\"gone\"></p>\
         <p><a href=\"#b\">Down</a></p><h3 id=\"b\">B</h3><p>Below.</p></body></html>",
    )
    .unwrap();
    let m = machine(MachineId::AmigaPal);
    let enter = Input::Key { key: Key::Enter, mods: Modifiers::default() };
    for (path, clicks) in [(&guide, [0, 1]), (&page, [0, 0])] {
        let doc = parlour::help::read_file(path).unwrap();
        let v = HelpView::new(Viewer::new(doc, None));
        let at = links(&v, &m);
        let mut d = Driver::new(Shell::new(machine(MachineId::AmigaPal), Box::new(v), 1));
        while d.shell().requester().is_some() {
            d.feed(std::slice::from_ref(&enter));
        }
        for (n, &link) in clicks.iter().enumerate() {
            click_through(&mut d, at[link]);
            // The SYSTEM button says why it does nothing: that is news.
            if n == 0 && path == &guide {
                assert!(d.shell().requester().is_some(), "the button's refusal is boxed");
                d.feed(std::slice::from_ref(&enter));
            } else {
                assert!(d.shell().requester().is_none(), "{}: {:?}", path.display(), d.shell().requester());
                d.command(&nav("help-retrace"));
                assert!(d.shell().requester().is_none(), "{}: {:?}", path.display(), d.shell().requester());
            }
        }
    }
}

/// A link to a file that is not there says so in `parlour lint`'s words,
/// and `parlour help` tells it with the guide's other problems as the
/// guide opens.
#[test]
fn a_link_to_a_missing_file_is_told_as_lint_tells_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.guide");
    std::fs::write(&path, "@DATABASE mine\n@NODE MAIN \"Mine\"\n@{\" link \" link missing/main}\n@ENDNODE\n").unwrap();
    let words = "there is no file missing in the guide's folder";
    let lint = run(&["lint", &path.to_string_lossy()]);
    assert!(String::from_utf8_lossy(&lint.stdout).contains(words), "{}", String::from_utf8_lossy(&lint.stdout));
    let shot = dir.path().join("h.png");
    let help = run(&["help", &path.to_string_lossy(), "--machine", "amiga-pal", "--shot", &shot.to_string_lossy()]);
    let told = String::from_utf8_lossy(&help.stderr);
    assert!(told.contains(&format!("mine.guide:3: error: links to missing/main, but {words}")), "{told}");
    let m = machine(MachineId::AmigaPal);
    let mut v = HelpView::new(Viewer::new(parlour::help::read_file(&path).unwrap(), None));
    let link = links(&v, &m)[0];
    click(&mut v, &m, link);
    assert_eq!(v.message(), format!("That file is missing: {words}."));
}

/// `help --shot` tells a guide's author of a line wider than the help
/// window (a button wider than the Amiga's pane), by the guide's line and
/// in plain words: the viewer scrolls sideways to the rest, so the cut is
/// no fault of the viewer's. It is one of the guide's problems, told in
/// line order with the others (a link to a missing file on the next line).
#[test]
fn help_shot_names_the_guide_lines_wider_than_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.guide");
    let label = "Y".repeat(80);
    let guide = format!(
        "@DATABASE w\n@NODE MAIN \"W\"\n@{{\"{label}\" link MAIN}}\n@{{\" gone \" link gone/main}}\n@ENDNODE\n"
    );
    std::fs::write(&path, guide).unwrap();
    let shot = dir.path().join("w.png");
    let r = run(&["help", &path.to_string_lossy(), "--machine", "amiga-pal", "--shot", &shot.to_string_lossy()]);
    let said = String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{said}");
    let told = format!(
        "{0}:3: warning: on amiga-pal this line is wider than the help window; the reader scrolls sideways to see the rest\n\
         {0}:4: error: links to gone/main, but there is no file gone in the guide's folder\n",
        path.display()
    );
    assert_eq!(said, told);
}

/// Every shipped help, and a game's page, reaches the page on using help
/// in Parlour's manual: H goes there from the game's help on every
/// machine (greyed there, as the reader is on it), and from the manual.
#[test]
fn every_help_reaches_the_page_on_using_help() {
    use parlour::app::help_source::document_for;
    use parlour::help::model::Target;
    let guides = std::fs::read_dir("guide").unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned());
    let shipped: Vec<String> = guides.filter(|n| n.ends_with(".guide") || n.ends_with(".imaj")).collect();
    assert!(shipped.len() > 5, "{shipped:?}");
    for name in &shipped {
        let (doc, _) = document_for(Some(name.as_str()), None, MachineId::AmigaPal).unwrap();
        let help = match &doc.help {
            Some(Target::File { path, node }) if path.file_name().is_some_and(|f| f == "parlour.guide") => node,
            Some(Target::Node { file: None, node, .. }) if name == "parlour.guide" => node,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(help, "UsingHelp", "{name}");
    }
    let (page, _) = document_for(Some("klondike"), None, MachineId::Yazzle).unwrap();
    assert!(matches!(&page.help, Some(Target::File { node, .. }) if node == "UsingHelp"), "{:?}", page.help);
    let f1 = Input::Key { key: Key::Function(1), mods: Modifiers::default() };
    for id in MachineId::ALL {
        let (view, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(machine(id), view, 1));
        d.feed(&[f1]);
        assert!(d.shell().can(&nav("help-help")), "{id}: the game's help has a Help page");
        d.command(&nav("help-help"));
        assert!(!d.shell().can(&nav("help-help")), "{id}: on the page on using help");
        let title = if id == MachineId::Yazzle { "Using the help" } else { "parlour.guide" };
        assert_eq!(d.shell().title(), title, "{id}");
    }
}

/// The YaZZle window's help names the topic shown, the Mac's the
/// document: a machine switched while the help is open names it in the
/// new machine's manner from the first frame, whose title is read before
/// it is drawn.
#[test]
fn the_help_s_title_follows_a_machine_switched_before_the_next_frame() {
    let imaj = || imaj::read(Path::new("test.imaj"), IMAJ.as_bytes());
    let mut v = HelpView::new(Viewer::new(imaj(), Some("Scoring"))).on(MachineId::MacSe30);
    assert_eq!(v.title(), "Test Help");
    v.machine_switched(MachineId::Yazzle);
    assert_eq!(v.title(), "Scoring");
    v.machine_switched(MachineId::AmigaPal);
    assert_eq!(v.title(), "Test Help");
}
