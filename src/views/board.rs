//! A game family's view as the host's controller drives it: it draws the
//! session's state and turns input into moves, and owns nothing of the
//! game. New game, undo, redo, the clock, saves, statistics and hints are
//! the controller's (see `host::controller`); a board asks for them with a
//! [`Reply`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::core::files::Loaded;
use crate::core::{Action, FileError, FileErrorKind, Game, GameStats, Outcome, Session, Step, Variant};
use crate::gfx::{Rect, Surface};
use crate::machines::{Choices, Command, Input, Machine, MachineId, Menu, MenuItem, Pointer, Requester, ViewCommand};

/// The board's Options box, which the controller passes on from the
/// application's Options command (a skin button, a menu item).
pub const OPTIONS: ViewCommand = ViewCommand("options");

/// Winnable deals only, "1" or "0": a preference every game shares, kept
/// once for all of them (the launcher sets it too).
pub const WINNABLE_PREF: &str = "winnable";
/// What the status line says as Winnable Deals Only is switched `on` or
/// off, in a game or the launcher alike: short enough to stand whole in
/// the Amiga PAL's title bar.
pub fn winnable_switch_said(on: bool) -> &'static str {
    if on { "Winnable deals only, in every game." } else { "Deals as they come, in every game." }
}

/// The preferences kept once for every game rather than per family.
pub const SHARED_PREFS: &[&str] = &[WINNABLE_PREF];

/// A preference value of no use (out of range, a word not known): why,
/// and what is used in its place, as `prefs.ini`'s reader tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub why: String,
    pub instead: String,
}

impl Refused {
    /// A value refused for `why`, with the default (`instead`) in its place.
    pub fn new(why: impl Into<String>, instead: impl Into<String>) -> Self {
        Refused { why: why.into(), instead: instead.into() }
    }
}

/// A switch's preference, "1" (on) or "0" (off); anything else is
/// refused and the switch stays as it is (`now`).
pub fn switch_pref(value: &str, now: bool) -> Result<bool, Refused> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(Refused::new(
            format!("`{value}` is neither 1 (on) nor 0 (off)"),
            format!("the switch stays {}", if now { "on" } else { "off" }),
        )),
    }
}

/// A preference naming `what` (a level, a rule) by a word not among
/// `names`, refused, with `kept` (the name of what is used) instead.
pub fn unknown_word(what: &str, value: &str, names: &[&str], kept: &str) -> Refused {
    Refused::new(
        format!("unknown {what} `{value}` (choose one of {})", names.join(", ")),
        format!("{kept} is used instead"),
    )
}

/// What the status line says of a game resumed under way that waits
/// paused (see [`Board::resumed`]): "Game resumed." would say it goes on.
pub const RESUMED_PAUSED: &str = "Game restored and paused.";

/// What a move tried on a game won is told, after "You won!": the game
/// is over, and its figures are the win's.
pub const WON_GAME_TAKES_NO_MOVE: &str = "Choose New Game to deal again.";

/// A board's search for the deal of a game number (a winnable one): long
/// work, which the controller runs on a thread of its own in a window,
/// showing its progress, and at once elsewhere.
pub struct DealSearch {
    /// What the status line says meanwhile ("Dealing a winnable game").
    pub doing: &'static str,
    /// The same in fewer words, for a status line too narrow for `doing`
    /// and its progress ("Winnable deal").
    pub doing_briefly: &'static str,
    /// The name of the figure that judges the deal on the table (the
    /// solver's), left out meanwhile: it speaks of the last deal.
    pub judge: &'static str,
    /// How far the search has got, as it counts its work.
    pub gauge: Gauge,
    /// The search: `stop` cuts it short.
    pub run: DealJob,
}

/// The work of a [`DealSearch`].
pub type DealJob = Box<dyn FnOnce(Arc<AtomicBool>) -> Dealt + Send>;

/// How far long work on another thread has got: `done` counts up, as the
/// work goes, towards `whole`.
#[derive(Clone, Debug)]
pub struct Gauge {
    pub done: Arc<AtomicU64>,
    pub whole: u64,
}

impl Gauge {
    /// The work done so far, in percent (at most 100).
    pub fn percent(&self) -> u8 {
        let done = self.done.load(Ordering::Relaxed);
        (done.saturating_mul(100) / self.whole.max(1)).min(100) as u8
    }
}

/// The seed a [`DealSearch`] deals, with a sentence for the status line if
/// there is something to say of it.
pub type Dealt = (u64, Option<String>);

/// A board command run once the game has restarted (see
/// [`Reply::RestartThen`]), and the question asked before: its title,
/// which labels the button that goes ahead too, and the question itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterRestart {
    pub command: ViewCommand,
    pub title: &'static str,
    pub question: &'static str,
}

/// What a board wants after an event.
#[derive(Clone, Debug)]
pub enum Reply<V: Variant> {
    /// Nothing changed.
    Unchanged,
    /// Its picture changed (a pick, a drag, the cursor).
    Redraw,
    /// Play this move.
    Play(<V::Game as Game>::Move),
    /// Play this move for the player (Solve's demo): the game is marked as
    /// one the program played in, which the player does not win.
    PlayFor(<V::Game as Game>::Move),
    /// Say this in the status line.
    Say(String),
    /// Refuse the player's action (a card no foundation takes, a covered
    /// card) in these words, as the rules refuse a move: once the game is
    /// over its ending stays first on every status line, and the refusal
    /// follows where there is room.
    Refuse(String),
    /// Say this in the status line, and in a box as well where the line
    /// would cut it short: words the player asked for that the screen
    /// shows nowhere else (what the figures by Rummi's pile mean).
    Tell(String),
    /// Show this move as a hint (see [`Board::show_hint`]) and say this of
    /// it in the status line; where the last is true, in a box as well
    /// where the line would not show all of it, as [`Reply::Tell`] says:
    /// a warning the framed cards do not show ("No winning line is
    /// left."), which a narrow line keeping only the move would drop.
    Hint(<V::Game as Game>::Move, String, bool),
    /// Run an application or controller command.
    Command(Command),
    /// Restart the game, asking first as Restart does in the words given,
    /// and once it has restarted run the board command (Sokoban's Show
    /// Solution plays from the start); nothing if the player keeps the
    /// game.
    RestartThen(AfterRestart),
    /// Show a modal message; its answer comes back to [`Board::answer`].
    Ask(Requester),
    /// Play on with other rules (a mode, a sequence rule): the game in
    /// progress ends and the variant deals the next one.
    Rules(V),
    /// Show a modal message with a group of radio buttons; the button and
    /// the choice come back to [`Board::choose`].
    Choose(Requester, Choices),
}

impl<V: Variant> Reply<V> {
    /// This reply, or a redraw where it changes nothing but `redrawn` says
    /// the picture changed anyway (a click hid the keyboard's cursor).
    pub fn or_redraw(self, redrawn: bool) -> Self {
        match self {
            Reply::Unchanged if redrawn => Reply::Redraw,
            reply => reply,
        }
    }

    /// This reply, or where it says nothing of its own but `unsay` says
    /// the board's note is up, the note taken back (see [`Reply::Say`]).
    pub fn or_unsaid(self, unsay: bool) -> Self {
        match self {
            Reply::Unchanged | Reply::Redraw if unsay => Reply::Say(String::new()),
            reply => reply,
        }
    }
}

/// A family's view of its game, driven by the controller.
pub trait Board<V: Variant> {
    /// The window or screen title.
    fn title(&self) -> String;

    /// The family's own items for the Game menu, after the controller's
    /// New, Restart, Undo, Redo and Hint.
    fn menu_items(&self, session: &Session<V>) -> Vec<MenuItem>;

    /// Items that go with Hint in the Game menu, just below it (the
    /// solver's Solve).
    fn hint_items(&self, _session: &Session<V>) -> Vec<MenuItem> {
        Vec::new()
    }

    /// Figures the chrome shows: the score first, then the game's own
    /// (stones left); the controller adds the clock and the move count
    /// after the score.
    fn fields(&self, session: &Session<V>) -> Vec<(&'static str, String)>;

    /// How many of [`Board::fields`] come before the clock and the move
    /// count: the score, where the game keeps one; a game without (the
    /// Oberon card games) has its own figures, such as the solver's word,
    /// after them, as every game has that word last.
    fn fields_before_clock(&self) -> usize {
        1
    }

    /// Draws the state at the session's cursor into `area`.
    fn draw(&self, session: &Session<V>, s: &mut Surface, machine: &Machine, area: Rect);

    /// Turns an input event into a reply (ticks go to the controller).
    fn input(&mut self, session: &Session<V>, input: &Input, machine: &Machine, area: Rect) -> Reply<V>;

    /// Runs one of the board's own commands.
    fn command(&mut self, session: &Session<V>, command: ViewCommand) -> Reply<V>;

    /// Whether one of the board's own commands would do something now.
    fn can(&self, session: &Session<V>, command: ViewCommand) -> bool;

    /// Why one of the board's own commands does nothing now, said where
    /// its key is pressed all the same (its menu item is dimmed, which a
    /// key does not show): Sokoban's Next Level on a set's last level. By
    /// default nothing is said.
    fn why_not(&self, _session: &Session<V>, _command: ViewCommand) -> Option<String> {
        None
    }

    /// The button chosen in a requester the board asked for (0 = first).
    fn answer(&mut self, _session: &Session<V>, _button: usize) -> Reply<V> {
        Reply::Unchanged
    }

    /// The history changed (a move, undo, redo, a new game): drop picks,
    /// drags and marks that belonged to the old position.
    fn reset(&mut self);

    /// The session's cursor is at a new position (after a move, undo, redo,
    /// a new game, or the game's opening), right after [`reset`](Board::reset):
    /// a board that judges positions in the background starts on this one.
    fn arrived(&mut self, _session: &Session<V>) {}

    /// The move that holds a game resumed while under way until its player
    /// is back (Tetris pauses a falling piece), made as the game opens,
    /// whether by the window or a script; `None` resumes it as it was (or
    /// held by the board's own state: MineSweeper's clock waits paused).
    fn on_resume(&mut self, _session: &Session<V>) -> Option<<V::Game as Game>::Move> {
        None
    }

    /// Puts back what a press lifted (see [`View::cancel_press`]), making
    /// no move.
    ///
    /// [`View::cancel_press`]: crate::views::View::cancel_press
    fn cancel_press(&mut self) {}

    /// The board will be shown on machine `id` (see
    /// [`View::machine_switched`]).
    ///
    /// [`View::machine_switched`]: crate::views::View::machine_switched
    fn machine_switched(&mut self, _id: MachineId) {}

    /// The move that holds the game when its player turns to another
    /// window (Tetris pauses a falling piece, as it did on the Mac);
    /// `None` plays on (MineSweeper's clock runs on, as Windows' did), or
    /// holds it by the board's own state (Scramble's [`paused`](Board::paused)).
    fn on_focus_lost(&mut self, _session: &Session<V>) -> Option<<V::Game as Game>::Move> {
        None
    }

    /// A move the player's options make by themselves in `state` (auto-play
    /// to the foundations), tried after the game's own automatic moves and
    /// recorded with the move that caused it, as one undo step.
    fn auto_move(&self, _state: &V::Game) -> Option<<V::Game as Game>::Move> {
        None
    }

    /// A hint: the move to suggest, or why there is none. The default asks
    /// the rules.
    fn hint(&mut self, session: &Session<V>) -> Result<<V::Game as Game>::Move, String> {
        session.state().hint().ok_or_else(|| "No hint: no move is known to help.".to_string())
    }

    /// Game > Hint: by default the move [`hint`](Board::hint) gives, shown
    /// and named ("Hint: ..."), or why there is none. A board whose hints
    /// take a search answers here instead: it may say it is thinking now
    /// and give the [`Reply::Hint`] at a later tick.
    fn ask_hint(&mut self, session: &Session<V>) -> Reply<V> {
        hint_reply(session.state(), self.hint(session))
    }

    /// Whether the game gives hints at all: Game > Hint is greyed where
    /// it never would (Tetris, a game of reflexes).
    fn hints(&self) -> bool {
        true
    }

    /// Marks a hinted move on the board (drawn until the history changes).
    fn show_hint(&mut self, _session: &Session<V>, _m: &<V::Game as Game>::Move) {}

    /// A move was played: a sentence for the status line, if the position
    /// calls for one (e.g. that it can no longer be won).
    fn moved(&mut self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// What the position at the cursor calls for saying however the
    /// player came to it (a can stuck off the goals, a board left with no
    /// solution): said after a move (see [`moved`](Board::moved)) and
    /// again when the game is resumed or stepped back or forward to it.
    /// Asked only while the game is under way; an ended game has its
    /// [`ending`](Board::ending).
    fn standing(&mut self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// Whether the board has just found the game on the table lost while
    /// moves remain (The Chance, once nothing more can be laid off), told
    /// once per finding: the game is counted lost then, not only when it
    /// is given up.
    fn found_lost(&mut self) -> bool {
        false
    }

    /// The sentence for a game that has just ended (won or lost).
    fn ending(&self, session: &Session<V>) -> String;

    /// What a move tried on the finished game is told, where the board's
    /// words say themselves that the game is over and how to go on
    /// (Sokoban's "Solved: Next Level or Restart."): said in place of the
    /// ending, which a narrow status line would keep instead of them. None:
    /// the board's words come after the ending.
    fn after_the_end(&self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// A game has just been won on `machine`: true if the board celebrates
    /// it itself (Windows' bouncing cards); otherwise the controller shows
    /// the machine's requester.
    fn celebrate(&mut self, _session: &Session<V>, _machine: MachineId) -> bool {
        false
    }

    /// Whether a loss is told in a box as a win is, its ending and the
    /// board's lines in it: where the loss is the opponent's doing (Rummi's
    /// program went out), news the table alone does not tell.
    fn boxes_loss(&self) -> bool {
        false
    }

    /// What the status line says of a game resumed under way, where
    /// "Game resumed." would mislead (Rummi's program to finish its turn
    /// first; [`RESUMED_PAUSED`] where it waits paused); `None` says that.
    fn resumed(&self, _session: &Session<V>) -> Option<&'static str> {
        None
    }

    /// What the board has to tell the player as the game opens (trouble
    /// with a file of its own, data it had to leave out), taken once: a
    /// sentence for the status line, and a box that says it in full where
    /// a status line is too narrow to.
    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        (None, None)
    }

    /// What the status line says as the board opens where nothing else
    /// is said (a game not under way, no trouble with a file): its name,
    /// where the board is one of many and the narrowest status lines (the
    /// Amiga PAL's title bar) leave the title out for the figures.
    fn introduction(&self) -> Option<String> {
        None
    }

    /// The table is about to be dealt anew under other rules the player
    /// chose (and confirmed, where a game under way was given up): the
    /// board takes them as its setting where it keeps one (Oberon
    /// Solitaire's Draws), and gives the status line's sentence
    /// (Solitaire's Hard mode); None says nothing.
    fn rules_chosen(&mut self, _variant: &V) -> Option<String> {
        None
    }

    /// What the box asks before a game under way is given up for other
    /// rules the player chose: its title (the button that goes ahead)
    /// and its question. A new game, unless the board deals the same
    /// game again under them (Solitaire's modes).
    fn rules_asked(&self, _variant: &V) -> (String, String) {
        ("New Game".into(), "This starts a new game.".into())
    }

    /// A won game's box offers this (its label and the board's command)
    /// in place of New Game, where the next game is not a new deal
    /// (Sokoban: the next level).
    fn next_after_win(&self, _session: &Session<V>) -> Option<(&'static str, ViewCommand)> {
        None
    }

    /// Whether the program played in the game at the cursor for the
    /// player (the Solve demo, a solution shown): then the sentence that
    /// says so for the status line. Such a game scores 0 however it ends,
    /// and a win in it counts as a game not won and sets no record.
    fn played_for_player(&self, _session: &Session<V>) -> Option<&'static str> {
        None
    }

    /// A game has just ended and been counted: lines to add to its
    /// end-of-game box (a high score's place).
    fn finished(&mut self, _session: &Session<V>) -> Vec<String> {
        Vec::new()
    }

    /// The game is being closed: anything the board still holds open
    /// (a name asked for and not yet given) is settled now.
    fn closing(&mut self) {}

    /// The board's preferences to keep between runs (card back, options),
    /// as key and value.
    fn prefs(&self, _session: &Session<V>) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Takes back preferences kept from an earlier run; unknown keys are
    /// ignored, and a value of no use (out of range, a word not known) is
    /// refused, saying why and what is used instead, for the player to be
    /// told with the file and the line.
    fn set_pref(&mut self, _key: &str, _value: &str) -> Result<(), Refused> {
        Ok(())
    }

    /// The board's own menus in place of the controller's Game menu (a
    /// game whose period program had menus of its own); `None` keeps the
    /// controller's. A menu titled like one of the application's ("@",
    /// "File") joins it. The controller dims the items of its own
    /// commands that cannot be used now, here and in [`menus`](Board::menus).
    fn menu_bar(&self, _session: &Session<V>) -> Option<Vec<Menu>> {
        None
    }

    /// Whether what [`moved`](Board::moved) says must be read whole:
    /// news nothing on the screen shows plainly (Rummi's program took a
    /// tile, a swap changed your tray). Where the status line would cut
    /// it short (the Amiga's title bar) it is shown in a box as well.
    fn news_read_whole(&self, _session: &Session<V>) -> bool {
        false
    }

    /// Whether undo and redo may stop at `state`. An opponent's moves are
    /// recorded one by one so they replay, but the player steps back over
    /// the opponent's whole turn at once.
    fn settled(&self, _state: &V::Game) -> bool {
        true
    }

    /// The name the statistics box is titled by ("Scramble 4 x 4
    /// Statistics"): the game whose figures it shows, where the title
    /// alone does not say which they are.
    fn stats_name(&self, _session: &Session<V>) -> String {
        self.title()
    }

    /// What the statistics box's figures are of, as its Reset asks to
    /// clear them ("Clear the statistics of Klondike?"): the game, or the
    /// board, size or level on the table where each keeps its own.
    fn stats_of(&self, session: &Session<V>) -> String {
        self.stats_name(session)
    }

    /// The statistics box's Reset has cleared the game's figures: the
    /// board forgets what it keeps of them (The Chance's last game).
    fn stats_cleared(&mut self) {}

    /// What the player might take for part of the figures that Reset
    /// keeps, or clears with them, said in its question (Sokoban's Best
    /// Results and levels solved are kept; a MineSweeper size's best
    /// time goes with its figures).
    fn reset_keeps(&self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// The best result the board keeps apart from the statistics, shown
    /// in the box where its figures hold no win (cleared by Reset, which
    /// keeps it): "Best: no win yet" beside a level solved would be
    /// untrue.
    fn best_kept(&self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// Lines the statistics box adds for this game's own figures.
    fn stats_lines(&self, _session: &Session<V>, _stats: &GameStats) -> Vec<String> {
        Vec::new()
    }

    /// The board's own statistics box in place of the controller's (The
    /// Chance's Scores), shown by Statistics... and, when there is one, at
    /// the end of every game.
    fn scores(&self, _stats: &GameStats) -> Option<Requester> {
        None
    }

    /// A game is being counted in the statistics (finished, or given up
    /// for a new one): adds the game's own figures to its record, which
    /// holds the games before this one.
    fn tally(&mut self, _session: &Session<V>, _outcome: Outcome, _stats: &mut GameStats) {}

    /// The button and the radio button chosen in a requester the board
    /// asked for with [`Reply::Choose`]. By default only the button counts.
    fn choose(&mut self, session: &Session<V>, button: usize, _choice: usize) -> Reply<V> {
        self.answer(session, button)
    }

    /// The screen the game's window is made for, if it keeps that size on
    /// larger screens (see [`View::window_screen`](crate::views::View::window_screen)).
    fn window_screen(&self) -> Option<(u32, u32)> {
        None
    }

    /// Whether Undo and Redo apply to the game. A real-time game says no;
    /// its New Game and Restart then begin a fresh history rather than
    /// keep the old game to undo back to.
    fn undoable(&self) -> bool {
        true
    }

    /// Whether New Game after a game that has ended begins a fresh
    /// history, so that Undo reaches the start of the new game and no
    /// further (Scramble: behind a shuffle lies only the puzzle solved
    /// before it). By default the ended game stays behind the deal, and
    /// Undo takes back a New Game chosen by mistake.
    fn forgets_ended_games(&self) -> bool {
        false
    }

    /// Whether the board plays by itself now (Solve's demo), which any
    /// click stops.
    fn demo_running(&self) -> bool {
        false
    }

    /// Stops the demo for a command the player chose while it ran (Undo,
    /// New Game): what the status line says of it, before what the
    /// command says. `None` where no demo ran.
    fn stop_demo(&mut self) -> Option<&'static str> {
        None
    }

    /// Tick events wanted per second while `session` is shown on
    /// `machine`: `None` for the controller's clock (see
    /// [`CLOCK_HZ`](super::CLOCK_HZ)), `Some(0)` for none at all (a paused
    /// game, so the window idles).
    fn tick_hz(&self, _session: &Session<V>, _machine: MachineId) -> Option<u32> {
        None
    }

    /// Whether to write the journal after this change. Every change is
    /// journalled unless the board says otherwise (a real-time game, whose
    /// ticks are too many to write each); the controller also journals
    /// when the game is closed.
    fn journal_now(&mut self, _session: &Session<V>) -> bool {
        true
    }

    /// Whether a step of the history is a move of the game: counted, and
    /// making the game one under way. A switch of how the game is played
    /// (Rummi's Single play) is journalled, as a replay must know it, but
    /// is none.
    fn counts_as_move(&self, _step: &Step) -> bool {
        true
    }

    /// The move count the chrome shows and the statistics keep: the
    /// player's moves (see [`players_move`]; Sokoban counts steps, not
    /// undo steps); `None` shows none.
    fn moves(&self, session: &Session<V>) -> Option<u64> {
        let steps = session.game_start() + 1..=session.cursor();
        Some(steps.filter(|&step| players_move(self, session, step)).count() as u64)
    }

    /// While a kept game is replayed: whether the step just replayed ends
    /// a frame, so the replay shows it and waits for the next tick. Every
    /// step does unless the board says otherwise (Tetris: its ticks).
    fn frame_ends(&self, _step: &Step) -> bool {
        true
    }

    /// Menus of the board's own after the Game menu (MineSweeper's
    /// Options).
    fn menus(&self, _session: &Session<V>) -> Vec<Menu> {
        Vec::new()
    }

    /// The rules New Game deals next, when the player has chosen others
    /// since this game began (a field size set on a panel); `None` keeps
    /// the session's.
    fn new_rules(&self, _session: &Session<V>) -> Option<V> {
        None
    }

    /// What the status line says of [`new_rules`](Board::new_rules) as a
    /// game opens that was dealt under others (Oberon Solitaire's Draws,
    /// changed on the CardGames panel while its game waited): `None` says
    /// nothing.
    fn new_rules_note(&self, _session: &Session<V>) -> Option<String> {
        None
    }

    /// The search for the seed of game `number` under `variant`, for a
    /// board that deals only some games (winnable deals only); `None` (the
    /// default) deals the number as its seed.
    fn deal_search(&self, _variant: &V, _number: u64) -> Option<DealSearch> {
        None
    }

    /// Whether play is paused: the clock stands still.
    fn paused(&self) -> bool {
        false
    }

    /// Whether a box of the board's own is open over the play (Scramble's
    /// Change Picture, Tetris's name for the top five): the clock stands
    /// while it is, and the menus stay shut, as under the window's
    /// requesters, which hold every game's input (see [`View::boxed`](super::View::boxed)).
    fn boxed(&self) -> bool {
        false
    }

    /// Whether the clock of the game at the cursor counts time, as the
    /// controller decides it (a game under way and not yet counted in the
    /// statistics), told whenever that may have changed. The clock runs
    /// then unless the board pauses it; a board with a Pause of its own
    /// ([`Pause`](super::pause::Pause)) offers it exactly then.
    fn clock_counts(&mut self, _counts: bool) {}

    /// The play time `state` itself records, for a game that counts its
    /// own (Tetris, in frames): a replay shows it at each frame, where the
    /// session's clock holds only the whole game's time. `None` for a game
    /// whose states record no time.
    fn time_in_state_ms(&self, _state: &V::Game) -> Option<u64> {
        None
    }

    /// The pointer to show at (x, y) (see [`View::pointer`](crate::views::View::pointer)).
    fn pointer(&self, _session: &Session<V>, _x: i32, _y: i32, _machine: &Machine, _area: Rect) -> Pointer {
        Pointer::Arrow
    }

    /// Whether the right button pressed at (x, y) is the board's (see
    /// [`View::traps_right_button`](crate::views::View::traps_right_button)).
    fn traps_right_button(&self, _session: &Session<V>, _x: i32, _y: i32, _machine: &Machine, _area: Rect) -> bool {
        false
    }
}

/// Game > Hint's answer from what [`Board::hint`] found in `state`: the
/// move, shown and named ("Hint: ..."), or why there is none.
pub fn hint_reply<V: Variant>(state: &V::Game, found: Result<<V::Game as Game>::Move, String>) -> Reply<V> {
    hint_worded(found, |m| state.describe_move(m))
}

/// Game > Hint's answer, the move named in `words` of a board's own
/// ("Hint: press Up to slide piece 6 down."), or why there is none.
pub fn hint_worded<V: Variant>(
    found: Result<<V::Game as Game>::Move, String>,
    words: impl FnOnce(&<V::Game as Game>::Move) -> String,
) -> Reply<V> {
    match found {
        Ok(m) => {
            let said = format!("Hint: {}.", words(&m));
            Reply::Hint(m, said, false)
        }
        Err(why) => Reply::Say(why),
    }
}

/// What to tell the player as a game opens when the file of its `what`
/// ("records", "high scores") was damaged or could not be read, from its
/// loading: a sentence for the status line, and a box titled `title` that
/// says it all, the paths in full to find the files by. Nothing when the
/// file was read as it is or is not there yet.
pub fn records_trouble<T>(
    what: &str,
    title: &str,
    loaded: &Result<Loaded<T>, FileError>,
) -> Option<(String, Requester)> {
    let (status, full) = match loaded {
        Ok(loaded) => (loaded.headline(what)?, format!("{}.", loaded.note()?)),
        Err(e) if e.kind == FileErrorKind::NotFound => return None,
        Err(e) if e.moved_to.is_some() => (
            match e.kind {
                // Another kind of file, or a newer Parlour's: nothing broke.
                FileErrorKind::Foreign => format!("The {what} could not be used: they start afresh."),
                _ => format!("The {what} were damaged: they start afresh."),
            },
            format!("{e}; with no good backup, your {what} start afresh."),
        ),
        Err(e) => (format!("The {what} could not be read."), format!("{e}.")),
    };
    Some((status, super::widgets::message_box(title, &full)))
}

/// The most the clock fields show, 9999:59 (a week of play): a clock
/// past it stays there, so a figure never outgrows its box.
const CLOCK_MAX_SECONDS: u64 = 9999 * 60 + 59;

/// Whether step `step` of `session` is a move of the player's: made where
/// it was the player's turn ([`Board::settled`]; not the opponent's, nor
/// its taking back of a turn cut short) and a move of the game
/// ([`Board::counts_as_move`]; not a switch of how it is played).
pub fn players_move<V: Variant, B: Board<V> + ?Sized>(board: &B, session: &Session<V>, step: usize) -> bool {
    step.checked_sub(1).and_then(|before| session.state_at(before)).is_some_and(|g| board.settled(g))
        && session.steps().get(step).is_some_and(|s| board.counts_as_move(s))
}

/// Whether the player made a move in steps `from + 1 ..= to`: one made
/// where it was the player's turn ([`Board::settled`]), not only the
/// opponent's opening turn after the deal (Rummi's program may open), and
/// a move of the game ([`Board::counts_as_move`]), not a switch of how it
/// is played.
pub fn player_moved<V: Variant, B: Board<V> + ?Sized>(session: &Session<V>, from: usize, to: usize, board: &B) -> bool {
    (from + 1..=to).any(|step| players_move(board, session, step))
}

/// Whether Undo applies now: Edit > Undo, and any Undo button of a
/// board's own, which must agree with it. There is a step to undo and
/// the board has undo; a step before the cursor leaves a state undo may
/// stop at (where none does, as in Rummi when only the program has played
/// since the deal, undo would take the program's turn back only for it to
/// be played again at once); and Undo does not go back from the deal of
/// the game at the cursor into the game before while moves the player
/// made in this one wait to be redone. Undo reaches the start of a game,
/// and past it only to take back a deal not yet played (a New Game chosen
/// by mistake): the first move made in the game before would drop the
/// played one, which was never counted. Where every deal is alike (a
/// Sokoban level, a peg board) Undo goes back over every deal to the very
/// start: see [`undo_crosses_played_deals`].
pub fn undo_applies<V: Variant, B: Board<V> + ?Sized>(board: &B, session: &Session<V>) -> bool {
    let cursor = session.cursor();
    let settled_before = || (0..cursor).rev().filter_map(|i| session.state_at(i)).any(|s| board.settled(s));
    let leaves_played_game = || {
        !undo_crosses_played_deals(session)
            && cursor == session.game_start()
            && player_moved(session, cursor, session.game_end(), board)
    };
    session.can_undo() && board.undoable() && settled_before() && !leaves_played_game()
}

/// Whether Undo goes back over a deal (a Restart, a New Game) into the
/// game before even while moves the player made after it wait to be
/// redone: so it does where every deal is alike, as the Sokoban and peg
/// guides promise Undo back to the level's start through a Restart. A
/// move made there drops the game after the deal uncounted, but that
/// game showed nothing the deal did not, and a first move at its own
/// start drops it just so (see `Session::play_with`); the game given up
/// by the deal was counted then, and stays counted when come back to.
fn undo_crosses_played_deals<V: Variant>(session: &Session<V>) -> bool {
    session.variant().deals_alike()
}

/// The first step Undo can ever bring back from the cursor, as
/// [`undo_applies`] walks: the deal of the game at the cursor if the
/// player has moved in it, else back over it, and over every deal before
/// it the player never moved in, to the start of the last game played.
/// Nothing before it can be reached again. Where Undo crosses every deal
/// (see [`undo_crosses_played_deals`]) that is the very first step.
pub fn undo_floor<V: Variant, B: Board<V> + ?Sized>(board: &B, session: &Session<V>) -> usize {
    if undo_crosses_played_deals(session) {
        return 0;
    }
    let steps = session.steps();
    let (mut start, mut end) = (session.game_start(), session.game_end());
    while start > 0 && !player_moved(session, start, end, board) {
        end = start - 1;
        start = (0..=end).rev().find(|&i| !matches!(steps[i].action, Action::Move(_))).unwrap_or(0);
    }
    start
}

/// Minutes and seconds, as the clock fields show them.
pub fn clock(seconds: u64) -> String {
    let seconds = seconds.min(CLOCK_MAX_SECONDS);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Game > Select Game..., which the controller answers, for the families'
/// own menus too. Its key is the machine's command key with E (and F3, as
/// in Windows FreeCell: see the shell).
pub fn select_game_item() -> MenuItem {
    MenuItem::new("Select Game...", Command::SelectGame).key('e')
}

/// Game > Restart, which the controller answers, for the families' own
/// menus too: YaZZle's toolbar has a Restart button, and the menu and its
/// key R reach it from the keyboard, on every machine.
pub fn restart_item() -> MenuItem {
    MenuItem::new("Restart", Command::Restart).key('r')
}

#[cfg(test)]
mod tests {
    use super::clock;

    #[test]
    fn the_clock_shows_minutes_and_seconds_and_stops_at_9999_59() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(61), "1:01");
        assert_eq!(clock(3600), "60:00");
        assert_eq!(clock(9999 * 60 + 59), "9999:59");
        assert_eq!(clock(u64::MAX / 1000), "9999:59", "a clock from a hand-made save outgrew its box");
    }
}
