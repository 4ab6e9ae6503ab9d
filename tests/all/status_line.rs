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

#[test]
fn game_messages_read_in_whole_sentences_on_the_smallest_screens() {
    let fields = figures();
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let m = machine(id);
        let cut: Vec<&str> = MESSAGES
            .iter()
            .copied()
            .filter(|message| {
                let frame = Frame { title: "Klondike", menus: &[], fields: &fields, message, disabled: &[] };
                m.chrome().cuts_message(m.look(), &frame)
            })
            .collect();
        assert!(cut.is_empty(), "cut short with \"...\" on {}: {cut:#?}", id.name());
    }
}

/// A view that says what it is told to by a key: `n` says a long
/// message, `s` a short one.
struct Saying(String);

const LONG: &str = "Only the middle of a-picture-with-a-very-long-name.png fits.";

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

/// Where not one whole sentence of a message fits on the Amiga PAL's
/// title bar, it is shown in a box as well, once; on the SE/30, where it
/// fits, no box comes.
#[test]
fn a_message_the_status_line_must_cut_is_shown_in_a_box_once() {
    let key = |c| Input::Key { key: Key::Char(c), mods: Modifiers::default() };
    let data = tempfile::tempdir().unwrap();
    let mut shell =
        Shell::keeping_in(machine(MachineId::AmigaPal), Box::new(Saying(String::new())), 1, data.path().into());
    shell.input(&key('s'));
    assert!(shell.requester().is_none(), "a short message stays in the title bar");
    shell.input(&key('n'));
    let req = shell.requester().expect("a box with the message");
    assert_eq!((req.title.as_str(), req.lines.as_slice()), ("Scramble", [LONG.to_string()].as_slice()));
    shell.input(&Input::Key { key: Key::Enter, mods: Modifiers::default() });
    assert!(shell.requester().is_none());
    shell.input(&key('n'));
    assert!(shell.requester().is_none(), "the same message is boxed once");
    let mut mac =
        Shell::keeping_in(machine(MachineId::MacSe30), Box::new(Saying(String::new())), 1, data.path().into());
    mac.input(&key('n'));
    assert!(mac.requester().is_none(), "the SE/30's strip shows it whole");
    // Switched to a machine whose title bar must cut what was said, the
    // player is shown it whole all the same.
    mac.command(&Command::Machine(MachineId::AmigaPal));
    let req = mac.requester().expect("the message, boxed on the Amiga");
    assert_eq!(req.lines, [LONG.to_string()]);
}
