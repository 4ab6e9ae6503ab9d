//! Views: one per game family (and the launcher). A view draws a state on
//! a machine and turns input into commands or moves; it never draws chrome.

use crate::gfx::{Rect, Surface};
use crate::machines::{Choices, Command, Input, Machine, MachineId, Menu, Pointer, Requester, ViewCommand};

/// Ticks per second for a view that wants them only to run a clock.
pub const CLOCK_HZ: u32 = 10;

/// Opens what a list dialog has selected (the launcher's Play, a
/// chooser's OK).
pub const OPEN_SELECTED: ViewCommand = ViewCommand("open-selected");

/// What a view wants after handling an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// Nothing changed.
    Unchanged,
    /// Its picture changed: draw it again.
    Redraw,
    /// Run an application command (open a game, show help, quit...).
    Command(Command),
    /// Show a modal message.
    Ask(Requester),
    /// Show a modal message with a group of radio buttons (see
    /// [`View::choose`]).
    Choose(Requester, Choices),
}

pub trait View {
    /// The window or screen title.
    fn title(&self) -> String;
    /// The host window's title: the title, and more where it helps and
    /// would crowd the machine's own title (a game's number).
    fn caption(&self) -> String {
        self.title()
    }
    /// The view's own menus, placed after the application's.
    fn menus(&self) -> Vec<Menu>;
    /// Figures the chrome shows (score, time, moves).
    fn fields(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// The status line.
    fn message(&self) -> String {
        String::new()
    }
    /// Whether the status line's message was told whole already (the
    /// help's document problems, in a box of their own as the document
    /// opened): the shell then does not box it again where the line cuts
    /// it short.
    fn message_is_told(&self) -> bool {
        false
    }
    /// Whether the status line's message must be read whole: news that
    /// nothing else on the screen shows (where Save a Copy put the game).
    /// Where the status line drops any of it, even a sentence after one it
    /// keeps, the shell shows it in a box as well.
    fn message_read_whole(&self) -> bool {
        false
    }
    /// Whether the status line's message refuses the player's last key
    /// or click (a move the rules do not allow): the status line puts it
    /// first, before the figures (see [`Frame::refusal`](crate::machines::Frame)).
    fn message_is_refusal(&self) -> bool {
        false
    }
    /// The kept game this view was asked to open and could not, and why
    /// (its file, line and reason): the view then shows the game left
    /// off instead.
    fn unopened(&self) -> Option<String> {
        None
    }
    /// What opening this view did to the player's record, as its status
    /// line says it ("The game left was counted as lost: Undo brings it
    /// back."): a picture drawn without a window (`parlour shot`) tells it
    /// on the terminal too, as the picture's title bar may be all that
    /// shows it.
    fn record_changed(&self) -> Option<String> {
        None
    }
    /// Trouble with a file the player should read in full (a damaged
    /// save set aside, a disk that refused a write), given once: the
    /// shell shows it in a box when none is up, as a status line is too
    /// narrow for a file's name, line and reason.
    fn take_notice(&mut self) -> Option<Requester> {
        None
    }
    /// A question the view has for the player as it opens (a kept game
    /// would give up the game in progress), given once: the shell shows
    /// it before any notice, and its answer comes back to [`View::answer`].
    fn take_question(&mut self) -> Option<Requester> {
        None
    }
    /// Draws into `area` of the surface (the machine's content rectangle).
    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect);
    /// Handles an input event aimed at the content area.
    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response;
    /// Handles a menu or button command; `None` if it is not the view's.
    fn command(&mut self, command: &Command) -> Option<Response>;
    /// Whether `command` would do something now (greys out skin buttons
    /// and menu items that would not).
    fn can(&self, command: &Command) -> bool;
    /// The key of `command` pressed while [`View::can`] says it would do
    /// nothing: the view may say why on its status line (Undo at the
    /// start of a game). By default nothing happens, as with a dimmed
    /// menu item.
    fn dimmed(&mut self, _command: &Command) -> Response {
        Response::Unchanged
    }
    /// The button chosen in a requester the view asked for (0 = first).
    fn answer(&mut self, _button: usize) -> Response {
        Response::Unchanged
    }
    /// The button and the radio button chosen in a requester the view
    /// asked for with [`Response::Choose`]. By default only the button
    /// counts.
    fn choose(&mut self, button: usize, _choice: usize) -> Response {
        self.answer(button)
    }
    /// The id of the game shown, if the view is a game.
    fn game_id(&self) -> Option<String> {
        None
    }
    /// Whether the view is the help viewer.
    fn is_help(&self) -> bool {
        false
    }
    /// Whether the view is the list of games (File > Games opens it).
    fn is_launcher(&self) -> bool {
        false
    }
    /// The help viewer: whether the reader has gone on from the page it
    /// opened at (a link, Contents, Index or a topic followed, and not
    /// retraced).
    fn help_read_on(&self) -> bool {
        false
    }
    /// The help viewer: the game it is the help for, which the window's
    /// title names.
    fn help_subject(&self) -> Option<String> {
        None
    }
    /// The screen the view's window is made for (The Chance's: the SE/30's
    /// 512 x 342), if it keeps that size on larger screens, where it can
    /// then be moved about; `None` fills the screen.
    fn window_screen(&self) -> Option<(u32, u32)> {
        None
    }
    /// Whether a box of the view's own waits for an answer (Tetris's name
    /// for the top five, Select Game's number, Scramble's Change
    /// Picture): like the shell's requesters it holds the menus, their
    /// shortcuts and the chrome's buttons shut until it is answered, and
    /// the view takes the keys and clicks for it.
    fn boxed(&self) -> bool {
        false
    }
    /// Whether the view needs `Tick` events (a running clock, animation).
    fn wants_ticks(&self) -> bool {
        false
    }
    /// Whether the view plays by itself now in a way any click stops (a
    /// Solve demo, a replay): the shell then gives it a click anywhere in
    /// the window, beyond the content area too, as the status line says.
    fn stops_on_any_click(&self) -> bool {
        false
    }
    /// Tick events wanted per second on `machine` (0: none), which the
    /// window sends on a fixed schedule: a real-time game asks for the
    /// machine's frame rate.
    fn tick_hz(&self, _machine: MachineId) -> u32 {
        if self.wants_ticks() { CLOCK_HZ } else { 0 }
    }

    /// The pointer to show at (x, y) in `area` (a pointing hand over what
    /// can be picked up).
    fn pointer(&self, _x: i32, _y: i32, _machine: &Machine, _area: Rect) -> Pointer {
        Pointer::Arrow
    }
    /// Whether the right button pressed at (x, y) in `area` belongs to the
    /// view, where a machine would otherwise open its menus with it (an
    /// Amiga window's RMBTRAP): MineSweeper marks squares with it. Only
    /// where it means something to the view: elsewhere the menus open.
    fn traps_right_button(&self, _x: i32, _y: i32, _machine: &Machine, _area: Rect) -> bool {
        false
    }
    /// The player has turned to another window (the window lost the
    /// keyboard): a game whose time runs without them holds.
    fn focus_lost(&mut self) -> Response {
        Response::Unchanged
    }
    /// A press of the pointer on the view will not be let go on it: help
    /// or a box came over it meanwhile. What the press lifted is put back,
    /// as Escape puts it back, and nothing is played.
    fn cancel_press(&mut self) {}
    /// The view will be shown on machine `id` from the next frame on,
    /// switched to at run time; its title is read before it is drawn.
    fn machine_switched(&mut self, _id: MachineId) {}
    /// The player chose a command, whichever part of the program runs it
    /// (a machine switched, the help or a box of the shell's own opened):
    /// news of the moment the status line gives ("Game resumed.") has had
    /// its moment.
    fn player_acted(&mut self) {}
    /// Another view is about to read the game's journal (a kept game
    /// offered over it): the journal is written as the game stands now,
    /// not as it stood when last kept (Tetris keeps its ticks every few
    /// seconds).
    fn keep_journal(&mut self) {}
    /// The view is about to go (another game opens, the program quits):
    /// the last chance to save what it holds.
    fn close(&mut self) {}
    /// The view has taken the place of those before it, which have
    /// closed since it opened: it keeps its preferences again, as theirs
    /// were written over them (the Sokoban level left behind over the
    /// level moved to, which must be kept even if Parlour never closes).
    fn took_over(&mut self) {}
    /// A view opened over this one (the help, a chooser) has closed, and
    /// this one shows again: what it shows from files may have changed
    /// meanwhile (a game type the player mended while reading the help).
    fn uncovered(&mut self) {}
}

pub mod background;
pub mod board;
pub mod card_art;
pub mod cardgames;
pub mod chance;
pub mod help;
pub mod mines;
pub mod pause;
pub mod pegs;
pub mod rummi;
pub mod scramble;
pub mod sokoban;
pub mod solitaire;
pub mod tetris;
pub mod widgets;
