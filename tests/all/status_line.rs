//! The status line of the smallest screens (the Amiga PAL's title bar,
//! the SE/30's status strip): the games' messages read in whole
//! sentences there, the figures giving way to them; and a message of
//! which not one whole sentence fits is shown in a box as well.

use parlour::app::shell::Shell;
use parlour::gfx::{Rect, Surface};
use parlour::machines::{Command, Frame, Input, Key, Machine, MachineChoice, MachineId, Menu, Modifiers};
use parlour::views::{Response, View};

fn machine(id: MachineId) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

/// Messages the games say in their status lines, as they say them (a
/// box, a tile, a file filled in): refusals, news and endings.
const MESSAGES: &[&str] = &[
    // The controller.
    "Taken back. Still counted as lost.",
    "Replaying: Space pauses, Esc stops.",
    "Lost game resumed: New Game deals another.",
    "Game resumed.",
    "Game restored and paused.",
    "The game is over: Game > New Game starts another.",
    "Nothing to take back: at the start.",
    "Nothing to play again: no move taken back is waiting.",
    // Solitaire.
    "No deal tried was proved winnable. This one may not be.",
    "This deal is proved winnable now.",
    "No deal tried was proved winnable. This one cannot be won.",
    "Dealing a winnable game: 40%. Escape deals this one.",
    "The 6 of hearts cannot go on the 2 of diamonds: it must be one rank lower.",
    "The 10 of hearts cannot go to an empty tableau pile: only a king may fill a space.",
    "No hint: no winning line from here. Undo, or start anew.",
    "Try 8♠ with 5♠. No winning line is left.",
    "Try 9♥ and 2 more to empty pile 4. No winning line is left.",
    "Try to turn the waste over. No winning line is left.",
    "Solving: a click or a key stops it.",
    // MineSweeper.
    "That box is open already.",
    "No box to open around that 3.",
    "That box has that mark already.",
    "Take the flag away first: the box at column 12, row 16 is flagged.",
    "Only a number opens its neighbours: the box at column 12, row 16 is covered.",
    "Flag as many mines as its number: the 3 at column 12, row 16 has 1 flag around it.",
    "The box at column 12, row 16 is open: only covered boxes take marks.",
    "No box is proved free: the numbers leave only guesses here.",
    "No free box found in time. Try the edges.",
    // Peg solitaire.
    "One stone left, not in the target.",
    "No hint found quickly.",
    // Rummi.
    "To swap, bring a duplicate here.",
    "Wait for the program's turn to end.",
    "Tiles from the table stay on it.",
    "Only a duplicate can be swapped: there is one R12 on the tray.",
    "The other side has no pair of K13.",
    // Scramble.
    "The piece at 4,5 cannot slide: it is not in line with the gap.",
    "panorama.png is too wide: only the middle fits.",
];

/// The most figures a game shows: Klondike's, with the solver's word.
fn figures() -> Vec<(&'static str, String)> {
    [("Score", "1200"), ("Time", "10:00"), ("Moves", "120"), ("Solver", "Not winnable")]
        .iter()
        .map(|(n, v)| (*n, v.to_string()))
        .collect()
}

/// Said as news, or as a refusal leading the line (see
/// [`a_refused_move_is_said_before_the_figures`]), on the smallest
/// screens and in the message box of each of YaZZle's skins.
#[test]
fn game_messages_read_in_whole_sentences_on_the_smallest_screens() {
    let fields = figures();
    let yazzle = |skin: &str| {
        let choice = MachineChoice { id: Some(MachineId::Yazzle), skin: Some(skin.into()), ..Default::default() };
        Machine::new(&choice, MachineId::Yazzle).unwrap()
    };
    let machines = [machine(MachineId::AmigaPal), machine(MachineId::MacSe30)]
        .into_iter()
        .chain(["plastique", "plastiquev2", "transcrippled"].map(yazzle));
    for m in machines {
        let id = m.id();
        for refusal in [false, true] {
            let cut: Vec<&str> = MESSAGES
                .iter()
                .copied()
                .filter(|message| {
                    let frame = Frame { title: "Klondike", fields: &fields, message, refusal, ..Frame::default() };
                    m.chrome().cuts_message(m.look(), &frame)
                })
                .collect();
            assert!(cut.is_empty(), "cut short with \"...\" on {} (refusal: {refusal}): {cut:#?}", id.name());
        }
    }
}

/// A view that says what it is told to by a key: `n` says a long
/// message, `s` a short one.
struct Saying(String);

const LONG: &str = "Only the middle of a-picture-with-a-very-long-name.png fits.";
const LONGEST: &str = "Only the middle of a-picture-with-a-name-that-goes-on-and-on-far-past-the-edge-of-any-box-that-could-hold-it.png fits, if that.";

impl View for Saying {
    fn title(&self) -> String {
        "Scramble".into()
    }
    fn menus(&self) -> Vec<Menu> {
        Vec::new()
    }
    fn fields(&self) -> Vec<(&'static str, String)> {
        figures()
    }
    fn message(&self) -> String {
        self.0.clone()
    }
    fn draw(&self, _s: &mut Surface, _machine: &Machine, _area: Rect) {}
    fn input(&mut self, input: &Input, _machine: &Machine, _area: Rect) -> Response {
        match input {
            Input::Key { key: Key::Char('n'), .. } => self.0 = LONG.into(),
            Input::Key { key: Key::Char('l'), .. } => self.0 = LONGEST.into(),
            Input::Key { key: Key::Char('s'), .. } => self.0 = "Moved.".into(),
            _ => return Response::Unchanged,
        }
        Response::Redraw
    }
    fn command(&mut self, _command: &Command) -> Option<Response> {
        None
    }
    fn can(&self, _command: &Command) -> bool {
        false
    }
}

/// A shell on `id` showing a [`Saying`] view, keeping its files in `data`.
fn saying_on(id: MachineId, data: &std::path::Path) -> Shell {
    Shell::keeping_in(machine(id), Box::new(Saying(String::new())), 1, data.into())
}

/// The key `c` pressed alone.
fn key(c: char) -> Input {
    Input::Key { key: Key::Char(c), mods: Modifiers::default() }
}

/// Where not one whole sentence of a message fits on the Amiga PAL's
/// title bar, it is shown in a box as well, once; on the SE/30, where it
/// fits, no box comes.
#[test]
fn a_message_the_status_line_must_cut_is_shown_in_a_box_once() {
    let data = tempfile::tempdir().unwrap();
    let mut shell = saying_on(MachineId::AmigaPal, data.path());
    shell.input(&key('s'));
    assert!(shell.requester().is_none(), "a short message stays in the title bar");
    shell.input(&key('n'));
    let req = shell.requester().expect("a box with the message");
    assert_eq!((req.title.as_str(), req.lines.as_slice()), ("Scramble", [LONG.to_string()].as_slice()));
    shell.input(&Input::Key { key: Key::Enter, mods: Modifiers::default() });
    assert!(shell.requester().is_none());
    shell.input(&key('n'));
    assert!(shell.requester().is_none(), "the same message is boxed once");
    let mut mac = saying_on(MachineId::MacSe30, data.path());
    mac.input(&key('n'));
    assert!(mac.requester().is_none(), "the SE/30's strip shows it whole");
    // Switched to a machine whose title bar must cut what was said, the
    // player is shown it whole all the same.
    mac.command(&Command::Machine(MachineId::AmigaPal));
    let req = mac.requester().expect("the message, boxed on the Amiga");
    assert_eq!(req.lines, [LONG.to_string()]);
}

/// YaZZle's message box, too, shows in a box as well a message of which
/// not one whole sentence fits it; it had no such box, and the end of
/// the sentence was lost.
#[test]
fn a_message_yazzle_must_cut_is_shown_in_a_box() {
    let data = tempfile::tempdir().unwrap();
    let mut shell = saying_on(MachineId::Yazzle, data.path());
    shell.input(&key('s'));
    assert!(shell.requester().is_none(), "a short message stays in the message box");
    shell.input(&key('l'));
    let req = shell.requester().expect("a box with the message");
    assert_eq!(req.lines, [LONGEST.to_string()]);
    shell.input(&Input::Key { key: Key::Enter, mods: Modifiers::default() });
    shell.input(&key('n'));
    assert!(shell.requester().is_none(), "a sentence YaZZle's box shows whole is not boxed: {LONG}");
}

/// A move the rules refuse is said first on the status line, before the
/// figures and the solver's word: "Winnable." before it read as the
/// answer to the move, and on a short line the reason gave way to it.
/// The figures follow where there is room. Each line starts as the same
/// words said alone would, so the Amiga PAL's title bar shows the reason
/// whole, at its left end.
#[test]
fn a_refused_move_is_said_before_the_figures() {
    use parlour::machines::Button;
    use parlour::solitaire::engine::PileId;
    use parlour::solitaire::rules::PileKind;

    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let data = tempfile::tempdir().unwrap();
        let view = super::solitaire_view::open_table("klondike", 1, data.path());
        let m = machine(id);
        let area = m.content();
        // A tableau top that cannot go on tableau 1, dropped there.
        let state = view.session().state().clone();
        let t1 = PileId::new(PileKind::Tableau, 0);
        let bad = (1..7).map(|i| PileId::new(PileKind::Tableau, i)).find(|&p| !state.accepts(p, 1, t1)).unwrap();
        let top = |p: PileId| {
            let r = view.board().card_rect(&state, area, p, state.pile(p.kind, p.index()).len() - 1).unwrap();
            (r.x + r.w / 2, r.y + r.h / 3)
        };
        let ((x0, y0), (x1, y1)) = (top(bad), top(t1));
        let mut shell = Shell::keeping_in(machine(id), Box::new(view), 1, data.path().into());
        for input in [
            Input::MouseDown { x: x0, y: y0, button: Button::Left },
            Input::MouseMove { x: (x0 + x1) / 2, y: (y0 + y1) / 2 },
            Input::MouseMove { x: x1, y: y1 },
            Input::MouseUp { x: x1, y: y1, button: Button::Left },
        ] {
            shell.input(&input);
        }
        let said = shell.message();
        assert!(said.contains("cannot go on"), "{id}: {said}");
        assert!(leads_the_line(&mut shell, &said), "{id}: the refusal does not lead the status line ({said})");
        let fields: Vec<(&str, String)> = [("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Winnable")]
            .map(|(n, v)| (n, v.into()))
            .into();
        let refused = Frame { title: "Klondike", fields: &fields, message: &said, refusal: true, ..Frame::default() };
        assert!(!m.chrome().cuts_message(m.look(), &refused), "{id}: the refusal is cut short");
    }
}

/// A card clicked in vain after a lost game of Golf (a click sends a
/// column's top card home) is refused after the ending, which stays
/// first on every line: the guide says the game keeps saying it is
/// over, and anything tried after the end is said after it. On the
/// Amiga PAL's title bar and the SE/30's strip the refusal went first
/// and the ending was gone.
#[test]
fn a_card_clicked_in_vain_after_a_lost_game_keeps_the_ending_first() {
    use parlour::core::{Game, Status};
    use parlour::machines::Button;
    use parlour::solitaire::engine::PileId;
    use parlour::solitaire::rules::PileKind;

    let ending = "No moves are left. Choose New Game to deal again.";
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let data = tempfile::tempdir().unwrap();
        let view = (1..=20)
            .map(|seed| {
                let mut view = super::solitaire_view::open_table("golf", seed, data.path());
                while let Some(m) = view.session().state().legal_moves().first().copied() {
                    view.play_move(&m);
                }
                view
            })
            .find(|view| view.session().state().status() == Status::Lost)
            .expect("first-move play lost no game of Golf");
        let m = machine(id);
        let area = m.content();
        let state = view.session().state().clone();
        let column = (0..state.pile_count(PileKind::Tableau))
            .map(|i| PileId::new(PileKind::Tableau, i))
            .find(|p| !state.pile(p.kind, p.index()).is_empty())
            .unwrap();
        let r =
            view.board().card_rect(&state, area, column, state.pile(column.kind, column.index()).len() - 1).unwrap();
        let (x, y) = (r.x + r.w / 2, r.y + r.h - 4);
        let mut shell = Shell::keeping_in(machine(id), Box::new(view), 1, data.path().into());
        assert!(shell.message().starts_with(ending), "{id}: {}", shell.message());
        shell.input(&Input::MouseDown { x, y, button: Button::Left });
        shell.input(&Input::MouseUp { x, y, button: Button::Left });
        let said = shell.message();
        assert!(said.starts_with(ending) && said.contains("cannot"), "{id}: {said}");
        let first = "No moves are left.";
        assert!(leads_the_line(&mut shell, first), "{id}: the ending does not lead the status line ({said})");
    }
}

/// Whether the shell's screen draws `words` where the status line draws
/// them alone, at its start. Where the words alone differ from an empty
/// line, they are drawn; the screen must match them at every such pixel.
fn leads_the_line(shell: &mut Shell, words: &str) -> bool {
    let mut shown = shell.machine().new_surface();
    shell.render(&mut shown);
    let m = shell.machine();
    let drawn = |frame: &Frame| {
        let mut s = m.new_surface();
        m.chrome().draw_frame(&mut s, m.look(), frame);
        s
    };
    let (alone, blank) = (drawn(&Frame { message: words, ..Frame::default() }), drawn(&Frame::default()));
    let (w, h) = (alone.width() as i32, alone.height() as i32);
    let mut inked =
        (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| alone.get(x, y) != blank.get(x, y));
    let mut any = false;
    let matched = inked.all(|(x, y)| {
        any = true;
        shown.get(x, y) == alone.get(x, y)
    });
    assert!(any, "the words {words:?} are drawn");
    matched
}

/// The seed and moves of a game of `id` lost by playing its first legal
/// move until none is left, from the first of the seeds 1..=40 where
/// that loses within 600 moves.
fn losing_line(id: &str) -> (u64, Vec<parlour::solitaire::engine::SolMove>) {
    use parlour::core::{Game, Status};
    let data = tempfile::tempdir().unwrap();
    (1..=40)
        .find_map(|seed| {
            let mut view = super::solitaire_view::open_table(id, seed, data.path());
            let mut line = Vec::new();
            while let Some(m) = view.session().state().legal_moves().first().copied() {
                if line.len() == 600 {
                    return None;
                }
                view.play_move(&m);
                line.push(m);
            }
            (view.session().state().status() == Status::Lost).then_some((seed, line))
        })
        .unwrap_or_else(|| panic!("first-move play lost no game of {id}"))
}

/// Whatever the board itself refuses after a lost game (a card no
/// foundation takes, a covered card in an addition game) is said after
/// the ending, which leads every status line, as the rules' refusal of a
/// dropped card is: on the Amiga PAL and the SE/30 the board's refusal
/// went first.
#[test]
fn the_boards_own_refusals_after_a_lost_game_keep_the_ending_first() {
    use parlour::machines::Button;
    use parlour::solitaire::engine::PileId;
    use parlour::solitaire::rules::PileKind;

    let cases: [(&str, &str, &str); 2] = [
        ("forty-thieves", "No foundation takes that card yet.", "No moves are left."),
        ("pyramid", "That card is covered", "No moves are left."),
    ];
    for (game, refusal, first) in cases {
        let (seed, line) = losing_line(game);
        for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
            let data = tempfile::tempdir().unwrap();
            let mut view = super::solitaire_view::open_table(game, seed, data.path());
            for m in &line {
                view.play_move(m);
            }
            let m = machine(id);
            let area = m.content();
            let state = view.session().state().clone();
            // The bottom card of the first column of two or more cards: in
            // Pyramid a covered card, elsewhere one that cannot go home.
            let column = (0..state.pile_count(PileKind::Tableau))
                .map(|i| PileId::new(PileKind::Tableau, i))
                .find(|p| state.pile(p.kind, p.index()).len() >= 2 || game == "pyramid")
                .unwrap();
            let top = state.pile(column.kind, column.index()).len() - 1;
            let r = view.board().card_rect(&state, area, column, top).unwrap();
            let (x, y) = (r.x + r.w / 2, r.y + r.h - 4);
            let mut shell = Shell::keeping_in(machine(id), Box::new(view), 1, data.path().into());
            assert!(shell.message().starts_with(first), "{game} on {id}: {}", shell.message());
            for _ in 0..2 {
                shell.input(&Input::MouseDown { x, y, button: Button::Left });
                shell.input(&Input::MouseUp { x, y, button: Button::Left });
            }
            let said = shell.message();
            assert!(said.starts_with(first) && said.contains(refusal), "{game} on {id}: {said}");
            assert!(leads_the_line(&mut shell, first), "{game} on {id}: the ending does not lead the line ({said})");
        }
    }
}

/// Undo's and Redo's keys with nothing to do say so, where their dimmed
/// menu items cannot: at the deal of a Klondike game on YaZZle (Ctrl),
/// and Rummi's Back up (B) on the Amiga PAL (Alt), whose first position
/// the player sees may already hold the program's turn. Undo's words are
/// read whole, the figures giving way, on the Amiga PAL's title bar too,
/// where they were cut to "Nothing to take back." and the guides say the
/// status line tells the game is at its start.
#[test]
fn undo_and_redo_keys_with_nothing_to_do_say_so() {
    for (game, id, mods, undo) in [
        ("klondike", MachineId::Yazzle, Modifiers { ctrl: true, ..Default::default() }, 'z'),
        ("rummi", MachineId::AmigaPal, Modifiers { alt: true, ..Default::default() }, 'b'),
        ("the-chance", MachineId::AmigaPal, Modifiers { alt: true, ..Default::default() }, 'z'),
        // Z undoes in every game, Rummi's Back up showing B all the same.
        ("rummi", MachineId::Yazzle, Modifiers { ctrl: true, ..Default::default() }, 'z'),
    ] {
        let (view, data) = super::support::open_game(game, 3);
        let mut shell = Shell::keeping_in(machine(id), view, 1, data.path().into());
        let steps = |shell: &Shell| shell.menus().iter().flat_map(|m| m.items.clone()).filter(|i| i.enabled).count();
        let enabled = steps(&shell);
        shell.input(&Input::Key { key: Key::Char(undo), mods });
        let said = shell.message();
        assert_eq!(said, "Nothing to take back: at the start.", "{game}");
        let (title, chrome, look) = (shell.title(), shell.machine().chrome(), shell.machine().look());
        let frame = Frame { title: &title, message: &said, ..Frame::default() };
        assert!(chrome.shows_whole(look, &frame), "{game} on {}: cut short", id.name());
        shell.input(&Input::Key { key: Key::Char('y'), mods });
        assert_eq!(shell.message(), "Nothing to play again: no move taken back is waiting.", "{game}");
        assert_eq!(steps(&shell), enabled, "{game}: the keys changed nothing but the status line");
    }
    // While Solve plays, Undo's key says nothing over the demo's word (a
    // key that stops it is a key the demo hears, not a shortcut).
    let (view, data) = super::support::open_game("klondike", 3);
    let mut shell = Shell::keeping_in(machine(MachineId::Yazzle), view, 1, data.path().into());
    shell.command(&Command::View(parlour::views::solitaire::SOLVE));
    let solving = shell.message();
    assert!(solving.starts_with("Solving"), "{solving}");
    shell.input(&Input::Key { key: Key::Char('z'), mods: Modifiers { ctrl: true, ..Default::default() } });
    assert_eq!(shell.message(), solving);
}
