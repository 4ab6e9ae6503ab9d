//! The controller (the midend, as Simon Tatham's puzzles call it): the one
//! owner of the open game's [`Session`]. Its board only draws and turns
//! input into moves; the controller plays them, keeps the clock, handles
//! New Game, Restart, Undo, Redo and Hint, journals every change to the
//! data folder, resumes the journal when the game is opened again and
//! counts finished games in the statistics.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::core::files::{self, Loaded};
use crate::core::{
    Action, FileError, FileErrorKind, GAME_NUMBER_DIGITS, Game, GameStats, MAX_GAME_NUMBER, Mark, Outcome, Session,
    Stats, Status, Variant, capitalised, fnv1a64, parse_game_number, plural, save, sentence, short_number,
};
use crate::gfx::{Rect, Surface};
use crate::machines::{
    Command, EntryEvent, Frame, Input, Key, Machine, MachineId, Menu, MenuItem, Pointer, Requester, TextEntry,
    ViewCommand,
};
use crate::views::board::{
    AfterRestart, Board, DealSearch, Dealt, Gauge, OPTIONS, Reply, WON_GAME_TAKES_NO_MOVE, clock, player_moved,
    restart_item, select_game_item, undo_applies, undo_floor,
};
use crate::views::{CLOCK_HZ, Response, View, background};

use super::claim::Claim;
use super::{Opening, Record, journal, prefs};

/// A requester the controller asked for, whose answer it will hear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Nothing,
    /// The board asked; the answer is the board's.
    Board,
    /// "Start a new game? The game in progress counts as lost.", or the
    /// same of starting it again: see [`Leaving`].
    ConfirmLeave(Leaving),
    /// "Open the kept game? The game in progress counts as lost.": the
    /// kept game waits in [`Controller::offered`].
    ConfirmOpen,
    /// Other rules (a mode, a size) would deal anew and give up the game
    /// in progress: the rules wait in [`Controller::rules_waiting`].
    ConfirmRules,
    /// The box at the end of a game (a win's celebration, a loss told, a
    /// board's scores): OK, or New Game at [`GO_ON`].
    Ended,
    /// A win's box whose button at [`GO_ON`] is the board's next game
    /// (Sokoban's Next Level) in place of New Game.
    EndedNext(ViewCommand),
    /// A board's scores of the game just given up, shown over it: the
    /// table moves on as the box closes.
    ScoredLeaving(Leaving),
    /// The same, of a game given up for the kept game offered, which
    /// opens as the box closes.
    ScoredOpening,
    /// The statistics box: OK, or Reset at [`RESET`].
    Stats,
    /// "Clear the statistics of Klondike?", asked by the statistics box's
    /// Reset: either answer goes back to the box.
    ConfirmReset,
}

/// Where the player goes from the game at the cursor: New Game and
/// Restart give it up alike, asked alike while it would count as lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leaving {
    /// A new deal.
    NewGame,
    /// The game with this number (Select Game).
    Number(u64),
    /// The same deal again, then the board's command, if any, that
    /// asked for it.
    Restart(Option<AfterRestart>),
}

impl Leaving {
    /// The question's title (its button's label too) and question.
    fn question(self) -> (&'static str, String) {
        match self {
            Leaving::NewGame => ("New Game", "Start a new game?".into()),
            Leaving::Number(n) => ("New Game", format!("Start game {n}?")),
            Leaving::Restart(None) => ("Restart", "Start this game again?".into()),
            Leaving::Restart(Some(then)) => (then.title, then.question.into()),
        }
    }
}

/// The button of the box at a game's end that goes on (New Game, or the
/// board's next game); OK, before it, closes the box (see
/// [`Controller::ask_ended`]).
const GO_ON: usize = 1;

/// The statistics box's button that clears the figures it shows, after
/// OK, which Return and Escape press: only the keyboard moved to it on
/// purpose (Tab) or a click reaches it, and it asks first.
const RESET: usize = 1;

/// The last line of the question asked before a game in progress is
/// given up (New Game, Select Game, Restart, other rules, a kept game
/// opened): what becomes of it, by what its family's record keeps. A
/// game never won or lost (Tetris) is not lost: it ends there and counts
/// with the score it has.
fn leaving_said(record: Record) -> &'static str {
    match record {
        Record::ScoreOnly => "The game in progress ends and counts with its score.",
        _ => "The game in progress counts as lost.",
    }
}

/// What the status line says of a game in progress that `--seed` left
/// for another deal, counted as [`leaving_said`] tells, where Undo brings
/// it back and where not (new rules, or no undo, as in Tetris, the one
/// game counted with its score), `undo` naming the command as the game's
/// menu does (Rummi's Back up); the clause before the colon fits the
/// Amiga PAL's title bar.
fn left_counted(record: Record, undo: Option<&str>) -> String {
    match (record, undo) {
        (Record::ScoreOnly, _) => "The game left counts with its score.".into(),
        (_, Some(undo)) => format!("The game left was counted as lost: {undo} brings it back."),
        (_, None) => "The game left was counted as lost.".into(),
    }
}

/// The pause between two moves of Moves > Replay, in milliseconds.
const RERUN_STEP_MS: u32 = 400;

/// How much of a running clock a journal may fall behind by with no move
/// made (a player thinking): each write is a small file's, and a crash
/// then loses half a minute of the clock at most.
const CLOCK_KEPT_EVERY_MS: u64 = 30_000;

/// The game at the cursor played again from its deal (Moves > Replay):
/// the step it ends at and the time since its last move. Unlike the
/// replay of a kept game, it is the player's own game, which goes on from
/// wherever the rerun is stopped.
#[derive(Clone, Copy, Debug)]
struct Rerun {
    until: usize,
    waited: u32,
    /// Where the player was when it began.
    from: usize,
}

pub struct Controller<V: Variant, B: Board<V>> {
    /// The family's id (its preferences' section).
    family: &'static str,
    session: Session<V>,
    board: B,
    data_dir: PathBuf,
    message: String,
    /// The games (by the index of the step that dealt them) already counted
    /// in the statistics, and as what, so a game is never counted twice.
    counted: BTreeMap<usize, Outcome>,
    asked: Asked,
    /// The rules a board asked to play by, while the player confirms
    /// giving up the game in progress for them.
    rules_waiting: Option<V>,
    /// The board's box last shown (Options), while it is open; and the
    /// one the rules waiting were chosen in, which Cancel goes back to.
    board_box: Option<Requester>,
    rules_chosen_in: Option<Requester>,
    /// The machine the game is shown on, as last seen in an input event.
    machine: Option<MachineId>,
    /// While a kept game is being replayed (see [`Opening::replay`]).
    replay: Option<Replay>,
    /// While the game is played again from its deal (Moves > Replay).
    rerun: Option<Rerun>,
    /// While the next deal waits for the board's search.
    dealing: Option<Dealing<V>>,
    /// The kept game it was asked to open and could not: why, with its
    /// file and line.
    unopened: Option<String>,
    /// The game's claim on its journals for this window alone, held while
    /// the controller lives (see [`claim`](crate::host::claim)).
    _claim: Claim,
    /// Trouble with a file, said in full for a box (see
    /// [`View::take_notice`]); the status line has it in short.
    notices: VecDeque<Requester>,
    /// What the board said of the move just made, while it is to be
    /// read whole (see [`Board::news_read_whole`]) and not yet measured
    /// against the status line.
    news: Option<String>,
    /// What was said after the game's ending, as `say` put it after the
    /// ending, until it is measured against the status line (see
    /// `put_said_first`).
    said_after_end: Option<String>,
    /// The status line as `put_said_first` left it, the word before the
    /// ending: the player's next key or click brings the ending back.
    said_first: Option<String>,
    /// A message of the controller's own that must be read whole (where
    /// a kept copy went), while it is the one said: see
    /// [`View::message_read_whole`].
    read_whole: Option<String>,
    /// A kept game the player asked to open over the game in progress,
    /// with its file's name, while they are asked whether to give that
    /// game up; the question waits in `question` until it is shown.
    offered: Option<(Session<V>, String, save::RulesChanged)>,
    /// Whether declining the kept game offered closes this game, back to
    /// the one it was opened over (see [`Opening::back_on_cancel`]).
    back_on_cancel: bool,
    question: Option<Requester>,
    /// While the journal cannot be written: the game (the step that dealt
    /// it) whose failed save was last told in a box. A disk that stays
    /// full is told of once a game, not after every move; the status line
    /// reminds the player meanwhile.
    unsaved: Option<usize>,
    /// The game's clock when the journal was last written: a clock that
    /// runs on with no move is journalled every [`CLOCK_KEPT_EVERY_MS`],
    /// so a crash or a power cut loses that little of it at most.
    journalled_ms: u64,
    /// A game resumed under way whose player has not been back yet: its
    /// clock stays stopped until their first key, click or command, as a
    /// fresh game's waits for the first move.
    awaiting_player: bool,
    /// What the status line said as the game was resumed ("Game
    /// resumed."), while it says it, and what of it stands in the position
    /// (a game found lost): news of the moment, which the player's first
    /// action of any kind (a key, a click, a command, a machine switched)
    /// takes back, leaving what stands. See [`View::player_acted`].
    resumed_news: Option<(String, String)>,
    /// Said once the next game is dealt: that the game in progress left
    /// for it (by `--seed`) was counted as lost.
    left_counted: Option<String>,
    /// What opening did to the player's record (the game left for
    /// `--seed`'s counted), as [`left_counted`] said it: for a command
    /// without a window to tell on the terminal (see
    /// [`View::record_changed`]).
    record_changed: Option<String>,
    /// Select Game's box, while it asks for a number.
    selecting: Option<TextEntry>,
    /// A refusal the status line says ("There is no card there.", a move
    /// the rules do not allow), as said. It answers one key or click: the
    /// next that moves the cursor or picks something up (the board
    /// redraws, saying nothing) takes it back, so it never stands over a
    /// table that has moved on. What stands (a game's ending, the
    /// figures beside the line) stays.
    refusal: Option<String>,
}

/// A deal waiting for the board's search (see [`DealSearch`]), which runs
/// on a thread of its own. Meanwhile the last game stays on the table, its
/// input refused, and the status line shows the search's progress.
struct Dealing<V> {
    deal: NextDeal<V>,
    doing: &'static str,
    doing_briefly: &'static str,
    judge: &'static str,
    gauge: Gauge,
    stop: Arc<AtomicBool>,
    answer: Receiver<Dealt>,
}

impl<V: Variant, B: Board<V>> Drop for Controller<V, B> {
    /// A deal still being searched for when the game is put away is
    /// searched for no longer.
    fn drop(&mut self) {
        if let Some(d) = &self.dealing {
            d.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The next game to deal: its rules, its number, and whether it replaces
/// the history (new rules, a board without undo, or one that forgets
/// ended games after one) rather than adding a step to it.
struct NextDeal<V> {
    variant: V,
    number: u64,
    replace: bool,
}

impl<V: Variant> NextDeal<V> {
    /// Game `number` after the one in `session`: under the rules the board
    /// has chosen for it, or the session's.
    fn after<B: Board<V>>(session: &Session<V>, number: u64, board: &B) -> Self {
        match board.new_rules(session) {
            Some(variant) => NextDeal { variant, number, replace: true },
            None => {
                let forget = board.forgets_ended_games() && session.state().status() != Status::Playing;
                NextDeal { variant: session.variant().clone(), number, replace: !board.undoable() || forget }
            }
        }
    }
}

/// A replay of a kept game: the session holds the whole recording and its
/// cursor walks forward one frame per tick. Nothing is journalled or
/// counted, and the player's input only pauses it or ends it.
#[derive(Clone, Copy, Debug)]
struct Replay {
    /// The step the recording ends at.
    end: usize,
    paused: bool,
}

impl<V: Variant + 'static, B: Board<V> + 'static> Controller<V, B> {
    /// Opens `variant` with `board`: resumes its journal in `data_dir` (or
    /// the kept game `how.file`), or deals a new game, as `how` says.
    pub fn open(family: &'static str, variant: V, mut board: B, data_dir: &Path, how: &Opening) -> Self {
        prefs::give_to(data_dir, family, |k, v| board.set_pref(k, v));
        let journal = journal::journal_path(data_dir, variant.id());
        let (mut session, message, notice, offered) = match &how.file {
            Some(file) => match save::open_kept(file, &variant) {
                Ok((kept, changed)) => {
                    // The name, not the path: a narrow status line shows it.
                    let name = file.file_name().unwrap_or(file.as_os_str()).to_string_lossy().into_owned();
                    // The kept game takes the journal's place: a game in
                    // progress there is given up only once the player says so.
                    let (left, said, notice) =
                        if how.replay { (None, String::new(), None) } else { resume(&journal, &variant, family) };
                    match left {
                        Some(left) if leaving_counts(&left, &counted_in(&left, &board), &board) => {
                            (Some(left), said, notice, Some((kept, name, changed)))
                        }
                        _ if how.replay => (Some(kept), opened_words(&name, changed), notice, None),
                        _ => {
                            let mut kept = kept;
                            kept.note_opened();
                            (Some(kept), opened_words(&name, changed), notice, None)
                        }
                    }
                }
                Err(e) => return Self::refusing(family, variant, board, data_dir, e.to_string()),
            },
            None => {
                let (resumed, said, notice) = resume(&journal, &variant, family);
                (resumed, said, notice, None)
            }
        };
        let counted = session.as_ref().map(|s| counted_in(s, &board)).unwrap_or_default();
        let replay = match (how.replay, &mut session) {
            (true, Some(s)) => Some(rewind(s)),
            _ => None,
        };
        let mut next = match (&mut session, how.seed) {
            _ if replay.is_some() => None,
            // The game resumed is game `seed` untouched, unless the board
            // deals a number by a search (winnable deals only): then the
            // resumed game may have been dealt as the number comes, and
            // the search says which deal the number stands for.
            (Some(s), Some(seed))
                if s.seed() != seed || s.move_count() > 0 || board.deal_search(s.variant(), seed).is_some() =>
            {
                Some(NextDeal::after(s, seed, &board))
            }
            // A game taken back by Undo from its deal into a finished one
            // before it (an older journal lets Undo do so after moves) is
            // the game left: it resumes, rather than a new deal over it.
            (Some(s), None) if s.state().status() != Status::Playing && later_game(s).is_some() => {
                while s.redo() {}
                None
            }
            // A finished game comes back as it was left, its table and its
            // ending on show, until the player deals again; it was counted
            // when it ended (see `counted_in`), and is not counted again.
            _ => None,
        };
        // A new deal on top of the game resumed: that game's rules having
        // changed is no news of the one on the table.
        let message = if next.is_some() && message == RESUMED_CHANGED { String::new() } else { message };
        // Rules other than those resumed, whose journal is yet to be read.
        let mut other_rules = None;
        let session = session.unwrap_or_else(|| {
            let number = how.seed.unwrap_or(how.fresh_seed);
            let fresh = Session::new(variant.clone(), number);
            // Rules chosen for the next deal (and kept as a preference).
            let rules = board.new_rules(&fresh).unwrap_or_else(|| variant.clone());
            if rules.id() != variant.id() {
                other_rules = Some(rules.clone());
            }
            next = Some(NextDeal { variant: rules.clone(), number, replace: true });
            Session::new(rules, number)
        });
        let mut c = Controller::at_rest(family, session, board, data_dir, message, counted);
        c._claim = how.claim.clone();
        c.replay = replay;
        // A journal written before games out of Undo's reach were
        // forgotten sheds them now.
        c.forget_unreachable();
        c.notices = notice.into_iter().collect();
        if let Some(rules) = &other_rules {
            c.count_left_in(rules);
        }
        if let Some(next) = next {
            // A game in progress left for another number counts as lost,
            // as New Game would count it; unasked, so the player is told,
            // once it is dealt, and whether Undo brings it back.
            // Said only once counted: statistics that could not be kept
            // say so themselves.
            let undo = c.undo_label();
            if c.abandon().is_some() {
                c.left_counted = Some(left_counted(c.record(), (!next.replace).then_some(&undo)));
                c.record_changed.clone_from(&c.left_counted);
            }
            c.deal(next);
        }
        if let Some((_, name, _)) = &offered {
            c.question = Some(Requester {
                title: "Open".into(),
                lines: vec![format!("Open {name}?"), leaving_said(c.record()).into()],
                buttons: vec!["Open".into(), "Cancel".into()],
            });
            c.asked = Asked::ConfirmOpen;
        }
        c.offered = offered;
        c.back_on_cancel = how.back_on_cancel;
        c.hold_resumed();
        // The board's own trouble after the journal's, each said in short
        // and told in full.
        let (said, told) = c.board.opening_notice();
        if let Some(said) = said {
            c.message = if c.message.is_empty() { said } else { format!("{} {said}", c.message) };
        }
        c.notices.extend(told);
        // Over a kept game offered, the game in progress is not resumed
        // until the player says so: the box asks which.
        // Rules changed since the save are said in place of "Game
        // resumed.", news of the moment all the same.
        let rules_changed = c.message == RESUMED_CHANGED;
        let under_way = c.session.move_count() > 0 || c.clock_counts();
        if c.offered.is_none() && (rules_changed || (c.message.is_empty() && under_way)) {
            c.resume_words(rules_changed);
        }
        if c.message.is_empty() && c.session.state().status() == Status::Playing {
            // An untouched deal under rules other than those chosen since,
            // and what stands in it (a deal of The Chance dead as dealt),
            // once it is on the table: a deal still being looked for is
            // judged when it comes.
            let standing = c.dealing.is_none().then(|| c.board.standing(&c.session)).flatten();
            c.news.clone_from(&standing);
            c.message =
                [c.board.new_rules_note(&c.session), standing].into_iter().flatten().collect::<Vec<_>>().join(" ");
        } else if c.message.is_empty() {
            // A deal over before its first move (a peg board where no
            // stone can jump) says so, not only at the first key.
            c.message = c.ending_words();
        }
        if c.message.is_empty() {
            c.message = c.board.introduction().unwrap_or_default();
        }
        if c.replay.is_some() {
            c.message = "Replaying: Space pauses, Esc stops.".into();
        } else {
            c.journal();
        }
        // A deal still being looked for is not the board's to judge yet.
        if c.dealing.is_none() {
            c.board.arrived(&c.session);
        }
        c
    }

    /// What New Game does, as a game resumed after its end says: deal
    /// another, or, where every deal is alike (a peg board, a Sokoban
    /// level), set the same game up again.
    fn what_new_game_does(&self) -> &'static str {
        if self.session.variant().deals_alike() { "New Game starts it again." } else { "New Game deals another." }
    }

    /// Says what the status line says of a game resumed with moves made:
    /// a finished game its ending, which stands; a game found lost (and
    /// counted so) while moves remained, that it was; otherwise that it
    /// was resumed, in the board's words where it has some, after what
    /// stands in the position (a can stuck off the goals) as it was said
    /// when the game was left: first, as the narrowest status line keeps
    /// the first sentence, and the table on show says the game goes on.
    /// That it was resumed, or resumed under rules changed since it was
    /// saved, is news of the moment (see `resumed_news`).
    fn resume_words(&mut self, rules_changed: bool) {
        if self.session.state().status() != Status::Playing {
            let ending = self.ending_words();
            if rules_changed {
                let said = format!("{ending} {RESUMED_CHANGED}");
                self.message = said.clone();
                self.resumed_news = Some((said, ending));
            } else {
                self.message = ending;
            }
            return;
        }
        let standing = self.board.standing(&self.session).unwrap_or_default();
        let said = if self.session.is_marked(Mark::Lost) {
            format!("Lost game resumed: {}", self.what_new_game_does())
        } else if self.session.is_marked(Mark::Won) {
            format!("Won game resumed: {}", self.what_new_game_does())
        } else {
            let plain = if rules_changed { RESUMED_CHANGED } else { "Game resumed." };
            let resumed = self.board.resumed(&self.session).unwrap_or(plain);
            let resumed = match self.board.new_rules_note(&self.session) {
                Some(note) => format!("{resumed} {note}"),
                None => resumed.into(),
            };
            if standing.is_empty() { resumed } else { format!("{standing} {resumed}") }
        };
        self.message = said.clone();
        self.resumed_news = Some((said, standing));
    }

    /// The player is back: what the status line said of the game as it
    /// was resumed goes, if it still says it, leaving what stands.
    fn take_back_resumed(&mut self) {
        if let Some((said, stands)) = self.resumed_news.take()
            && said == self.message
        {
            self.message = stands;
        }
    }

    /// What the status line says of the position at the cursor once the
    /// player has stepped to it (Undo, Back to Start, Forward to End;
    /// Redo asks the board the same after `changed`): a finished game's
    /// ending, or what the board finds standing in it (a can stuck off
    /// the goals); nothing for a game simply under way. Said as it was
    /// when the position was first reached.
    fn standing_words(&mut self) -> String {
        if self.session.state().status() != Status::Playing {
            return self.ending_words();
        }
        self.board.standing(&self.session).unwrap_or_default()
    }

    /// A controller that could not open the kept game it was asked to
    /// (`why`: its file, line and reason), for the caller to say so and
    /// put away: it touches nothing (no journal read or written, no deal
    /// searched for), so the game left off stays as it was.
    fn refusing(family: &'static str, variant: V, board: B, data_dir: &Path, why: String) -> Self {
        let message = format!("Could not open the kept game: {why}");
        let mut c = Controller::at_rest(family, Session::new(variant, 1), board, data_dir, message, BTreeMap::new());
        c.unopened = Some(why);
        c
    }

    /// A controller holding `session` with nothing under way: no question
    /// asked, no replay, demo or deal running, nothing waiting to be said
    /// but `message`.
    fn at_rest(
        family: &'static str,
        session: Session<V>,
        board: B,
        data_dir: &Path,
        message: String,
        counted: BTreeMap<usize, Outcome>,
    ) -> Self {
        Controller {
            family,
            session,
            board,
            data_dir: data_dir.to_path_buf(),
            message,
            counted,
            asked: Asked::Nothing,
            rules_waiting: None,
            board_box: None,
            rules_chosen_in: None,
            machine: None,
            replay: None,
            rerun: None,
            dealing: None,
            unopened: None,
            _claim: Claim::default(),
            notices: VecDeque::new(),
            news: None,
            said_after_end: None,
            said_first: None,
            read_whole: None,
            offered: None,
            back_on_cancel: false,
            question: None,
            unsaved: None,
            journalled_ms: 0,
            awaiting_player: false,
            resumed_news: None,
            left_counted: None,
            record_changed: None,
            refusal: None,
            selecting: None,
        }
    }

    /// A controller that will not open `variant`, for `why` (a family
    /// refusing what it was asked to open, as a seed naming no level):
    /// like a kept game that could not be opened, it touches nothing and
    /// the caller says `why` and puts it away.
    pub fn refused(family: &'static str, variant: V, board: B, data_dir: &Path, why: String) -> Self {
        let mut c = Self::refusing(family, variant, board, data_dir, why.clone());
        c.message = why;
        c
    }

    pub fn session(&self) -> &Session<V> {
        &self.session
    }

    pub fn board(&self) -> &B {
        &self.board
    }

    /// Select Game's box as drawn, while it is open (for tests and
    /// scripts).
    pub fn select_box(&self) -> Option<Requester> {
        self.selecting.as_ref().map(TextEntry::requester)
    }

    /// Plays a move as if the board had asked for it (for scripts and
    /// tests).
    pub fn play_move(&mut self, m: &<V::Game as Game>::Move) -> Response {
        self.play(m)
    }

    fn id(&self) -> String {
        self.session.variant().id().to_string()
    }

    /// Writes the session to the game's journal; a failure never stops
    /// play. The first failure in a game is told in a box, the status
    /// line says progress is not saved until a write succeeds, and then
    /// that it is saved again. A replay writes nothing.
    fn journal(&mut self) {
        if self.replay.is_some() {
            return;
        }
        let path = journal::journal_path(&self.data_dir, &self.id());
        let game = self.session.game_start();
        self.journalled_ms = self.session.elapsed_ms();
        match write_save(&self.session, &path) {
            Err(e) => {
                if self.unsaved.replace(game) != Some(game) {
                    self.notices.push_back(notice_box(SAVED_GAME, format!("{e} {UNSAVED}")));
                }
            }
            // Said after what the line says already, which the reminder
            // that progress was not saved followed until now.
            Ok(()) if self.unsaved.take().is_some() => {
                self.message = said_then(&self.message, SAVED_AGAIN);
            }
            Ok(()) => {}
        }
    }

    /// The board forgets its picks and marks of the last position and
    /// takes up the new one.
    fn moved_on(&mut self) {
        self.board.reset();
        self.tell_clock();
        self.board.arrived(&self.session);
    }

    /// Plays a move with its automatic consequences as one step. A game
    /// won takes none: a deal from a stock left over (Golf, Pyramid) would
    /// change its figures under the win's. Its rules' own words say so
    /// where they have some (Scramble's, Sokoban's).
    fn play(&mut self, m: &<V::Game as Game>::Move) -> Response {
        if self.session.state().status() == Status::Won {
            let why = self.session.state().check(m).err().map(|r| r.reason().to_string());
            return self.refuse(why.unwrap_or_else(|| WON_GAME_TAKES_NO_MOVE.into()));
        }
        // A game taken back to its start and begun otherwise (mines
        // placed around another first box) is given up for another, as
        // New Game gives it up: counted as lost if it was under way.
        let given_up = self.session.would_begin_afresh(m) && self.abandon().is_some();
        let board = &self.board;
        match self.session.play_with(m, |state| board.auto_move(state)) {
            Ok(afresh) => {
                // A game begun afresh from its start (a peg board played
                // again, mines placed around another first square) is
                // another game: its end counts on its own.
                if afresh {
                    self.counted.remove(&self.session.game_start());
                }
                self.message.clear();
                let response = self.changed();
                if self.session.state().status() == Status::Playing
                    && let Some(note) = self.board.moved(&self.session)
                {
                    self.news = self.board.news_read_whole(&self.session).then(|| note.clone());
                    self.message = note;
                }
                if given_up {
                    let left = left_counted(self.record(), None);
                    self.message = if self.message.is_empty() { left } else { format!("{left} {}", self.message) };
                }
                self.count_found_loss().unwrap_or(response)
            }
            Err(refusal) => self.refuse(refusal.reason().to_string()),
        }
    }

    /// Says `text`, a refusal of the player's move or action, in the
    /// status line. In a finished game it is answered first by its
    /// ending, on the narrowest line too.
    fn refuse(&mut self, text: String) -> Response {
        self.say(text);
        self.said_after_end = None;
        self.refusal = Some(self.message.clone());
        Response::Redraw
    }

    /// Takes back the refusal the status line says, if it still says it:
    /// the line then says what stands, the game's ending or nothing.
    fn take_back_refusal(&mut self) {
        if self.refusal.take().is_some_and(|said| said == self.message) {
            self.say(String::new());
        }
    }

    /// After any change of the history: the board forgets its picks, the
    /// journal is written, and a game that has just ended is counted and
    /// announced.
    fn changed(&mut self) -> Response {
        self.moved_on();
        let start = self.session.game_start();
        // Steps after the cursor were dropped if the change added one.
        if self.session.cursor() + 1 == self.session.steps().len() {
            self.counted.retain(|&i, _| i <= self.session.cursor());
        }
        let status = self.session.state().status();
        let mut response = Response::Redraw;
        if status != Status::Playing {
            self.message = self.ending_words();
            // A deal over before its first move (a peg board where no
            // stone can jump, a solitaire deal stuck or won as it is
            // dealt) was never played: nothing counts.
            if !self.counted.contains_key(&start) && self.session.move_count() > 0 {
                let for_player = self.board.played_for_player(&self.session).filter(|_| status == Status::Won);
                let outcome = if status == Status::Won && for_player.is_none() { Outcome::Won } else { Outcome::Lost };
                let record = self.count_now(outcome);
                let lines = if for_player.is_some() { Vec::new() } else { self.board.finished(&self.session) };
                let celebrated =
                    outcome == Outcome::Won && self.machine.is_some_and(|m| self.board.celebrate(&self.session, m));
                let scores = record.and_then(|g| self.board.scores(&g)).filter(|_| !celebrated);
                if let Some(scores) = scores {
                    response = self.ask_ended(scores, None);
                } else if outcome == Outcome::Won && !celebrated {
                    let won = self.ending_box("You won!", lines);
                    response = self.ask_ended(won, self.board.next_after_win(&self.session));
                } else if outcome == Outcome::Lost && self.board.boxes_loss() {
                    let lost = self.ending_box("Game over", lines);
                    response = self.ask_ended(lost, None);
                } else if !lines.is_empty() {
                    // The box's lines ("Score: 280", a high score's
                    // place) among the sentences, shown in a box as well
                    // where the status line would cut them off.
                    let said: Vec<String> = lines.iter().map(|line| sentence(line)).collect();
                    self.message = format!("{} {}", self.message, said.join(" "));
                    self.news = Some(self.message.clone());
                }
            }
        } else if self.session.cursor() == start
            && let Some(standing) = self.board.standing(&self.session)
        {
            // A deal just put on the table (New Game, Restart, a kept game
            // opened at its start) is judged as any position the player
            // comes to: a deal of The Chance that can never lay a card off
            // is said lost before a card is touched, not after the first.
            // Its words in a box as well where the status line would cut
            // them: "Nothing more can be laid off." alone does not say lost.
            self.news = Some(standing.clone());
            self.message = said_then(&self.message, &standing);
        }
        if self.board.journal_now(&self.session) {
            self.journal();
        }
        response
    }

    /// What the status line says of the game at the cursor once it is
    /// over: the board's ending, or, for a win not counted as one, why not.
    fn ending_words(&self) -> String {
        let ending = self.board.ending(&self.session);
        let counted = self.counted.get(&self.session.game_start());
        if self.session.state().status() != Status::Won || counted == Some(&Outcome::Won) {
            return ending;
        }
        match self.board.played_for_player(&self.session) {
            Some(why) => why.into(),
            // Won after Undo took back a loss, or after the game was given
            // up (New Game) and brought back: the statistics keep the
            // loss, and the player is told why the win is not counted, in
            // words true of either. That comes first, the clause a narrow
            // status line keeps (the Amiga PAL's title bar): the cards
            // show the win, and a bare "You won!" would pass for one
            // counted.
            None if counted.is_some() => {
                format!("It stays counted as lost: it was counted so before this win. {ending}")
            }
            None => ending,
        }
    }

    /// Says `text` (a refusal, the board's word) in the status line. Once
    /// the game at the cursor is over its ending is said first, then
    /// `text`: a futile action after it (one more click on the empty
    /// stock) must not hide that the game is over. Where the status line
    /// is too narrow for both, the board's word goes first all the same,
    /// as news of the key just pressed (see `put_said_first`); a refusal
    /// (see `refuse`) does not. A board's text that opens with the
    /// ending already (Rummi's click on a finished table), or that says
    /// itself the game is over (see [`Board::after_the_end`]), is said as
    /// it is; saying nothing (a board taking back its note) leaves the
    /// ending alone.
    fn say(&mut self, text: String) {
        let over = self.session.state().status() != Status::Playing;
        let ending = if over { self.ending_words() } else { String::new() };
        let says_over = over && self.board.after_the_end(&self.session).is_some_and(|words| words == text);
        self.said_after_end = None;
        self.message = if ending.is_empty() || text.starts_with(&ending) || says_over {
            text
        } else if text.is_empty() {
            ending
        } else {
            self.said_after_end = Some(text.clone());
            format!("{ending} {text}")
        };
    }

    /// Where the status line of `machine` cannot show both the ending and
    /// what was said after it, puts what was said first: it answers the
    /// key just pressed (a box that takes digits only), and the board
    /// shows the game is over while the ending comes back alone as soon
    /// as the words are taken back.
    fn put_said_first(&mut self, machine: &Machine) {
        let Some(text) = self.said_after_end.take() else { return };
        let ending = self.ending_words();
        if self.message == format!("{ending} {text}") && !self.shows_whole(machine, &self.message) {
            self.message = format!("{text} {ending}");
            self.said_first = Some(self.message.clone());
        }
    }

    /// The player is back at the keys: a word put before the ending (see
    /// `put_said_first`) has been read, and the ending comes back, as it
    /// stands on a wider line, unless the key or click says more.
    fn take_back_said_first(&mut self) {
        if self.said_first.take().is_some_and(|said| said == self.message) {
            self.message = self.ending_words();
        }
    }

    /// Shows the news of the move just made in a box as well, where the
    /// status line of `machine` would cut it short (see
    /// [`Board::news_read_whole`]).
    fn box_cut_news(&mut self, machine: &Machine) {
        let Some(news) = self.news.take() else { return };
        if !self.shows_whole(machine, &news) {
            self.notices.push_back(notice_box(&self.board.title(), news));
        }
    }

    /// Counts the game on the table lost as soon as the board finds it
    /// lost while moves remain, and marks it so in the journal, so that
    /// giving it up later, in this run or after it is resumed, does not
    /// count it again. A board with scores shows them, as at any end.
    fn count_found_loss(&mut self) -> Option<Response> {
        let start = self.session.game_start();
        if !self.board.found_lost() || !self.in_progress() || self.counted.contains_key(&start) {
            return None;
        }
        self.session.mark(Mark::Lost);
        let record = self.count_now(Outcome::Lost);
        self.journal();
        let scores = record.and_then(|g| self.board.scores(&g))?;
        Some(self.ask_ended(scores, None))
    }

    /// Asks with the box at a game's end, won or lost alike: OK first,
    /// where Return presses it, then at [`GO_ON`] New Game, or the board's
    /// `next` game (its label and command). A game ends while the player
    /// is still pressing keys to play (Return deals The Chance's stock, a
    /// last move wins), and the next press must not sweep the table away
    /// before it has been seen; and the buttons keep their places at every
    /// end, so the button clicked at one end does the same at the next.
    fn ask_ended(&mut self, mut req: Requester, next: Option<(&str, ViewCommand)>) -> Response {
        let (go_on, asked) = match next {
            Some((label, command)) => (label, Asked::EndedNext(command)),
            None => ("New Game", Asked::Ended),
        };
        req.buttons = vec!["OK".into(), go_on.into()];
        self.asked = asked;
        Response::Ask(req)
    }

    /// Adds the game at the cursor to the statistics, with the board's
    /// own figures. A game the program played in for the player counts
    /// as lost and nothing more (see [`GameStats::record_helped`]).
    /// Returns the game's record as it now stands.
    fn count(&mut self, outcome: Outcome) -> Option<GameStats> {
        let helped = self.board.played_for_player(&self.session).is_some();
        let score = self.session.state().score();
        let (ms, moves) = (self.session.elapsed_ms(), self.board.moves(&self.session).unwrap_or(0));
        let timed = self.timed();
        let id = self.id();
        let (board, session, data_dir) = (&mut self.board, &self.session, &self.data_dir);
        // Statistics damaged past reading, with no good previous copy,
        // are set aside and told of, and this game starts them afresh
        // rather than go uncounted with them.
        // Held from the read to the write, so a game another Parlour
        // counts meanwhile is not written over.
        let _held = Stats::hold(data_dir);
        let result = files::or_afresh(Stats::load_noting(data_dir)).and_then(|mut loaded| {
            let record = loaded.value.game_mut(&id);
            // The board sees the record as it stood before this game
            // (Scramble tells a best beaten from one only equalled).
            board.tally(session, outcome, record);
            if helped {
                record.record_helped();
            } else {
                record.record_game(outcome, score, timed.then_some(ms), moves);
            }
            let record = record.clone();
            loaded.value.save(data_dir).map(|()| (record, loaded.headline("statistics").zip(loaded.note())))
        });
        match result {
            Ok((record, told)) => {
                if let Some((headline, note)) = told {
                    self.message = headline;
                    self.notices.push_back(notice_box("Statistics", format!("{note}.")));
                }
                Some(record)
            }
            Err(e) => {
                self.message = "The statistics could not be kept.".into();
                self.notices.push_back(notice_box("Statistics", format!("The statistics could not be kept: {e}")));
                None
            }
        }
    }

    /// The box at a game's end, titled `title`: its ending, time and moves,
    /// and the board's own lines. A figure the ending gives already
    /// ("Solved in 4 moves!", "Cleared! MineSweeper in 0:37.") is not
    /// said again under it.
    fn ending_box(&self, title: &str, extra: Vec<String>) -> Requester {
        let ending = &self.message;
        let time = clock(self.session.elapsed_ms() / 1000);
        let mut figures = Vec::new();
        if self.timed() && !ending.contains(&time) {
            figures.push(format!("Time: {time}"));
        }
        if let Some(moves) = self.board.moves(&self.session)
            && !ending.contains(&plural(moves, "move", "moves"))
        {
            figures.push(format!("Moves: {moves}"));
        }
        let mut lines = vec![ending.clone()];
        lines.extend((!figures.is_empty()).then(|| figures.join("   ")));
        lines.extend(extra);
        // Its buttons are given as it is asked (see `ask_ended`).
        Requester { title: title.into(), lines, buttons: Vec::new() }
    }

    /// Whether a game is under way that New Game would abandon (see
    /// [`in_progress`]).
    fn in_progress(&self) -> bool {
        in_progress(&self.session, &self.board)
    }

    /// Whether the clock of the game at the cursor counts time: the game
    /// is under way and not counted yet (one counted, lost, then taken
    /// back by Undo keeps the time it was counted with). This alone
    /// decides it: the clock runs then unless the board pauses it or a
    /// resumed game waits for its player, and the board, told of it,
    /// offers Pause exactly then (see [`Board::clock_counts`]).
    fn clock_counts(&self) -> bool {
        self.in_progress() && !self.counted.contains_key(&self.session.game_start())
    }

    /// Tells the board whether the clock counts time, after a change
    /// that may have altered it: the cursor moved, a game was counted.
    fn tell_clock(&mut self) {
        let counts = self.clock_counts();
        self.board.clock_counts(counts);
    }

    /// Counts the game at the cursor in the statistics as `outcome`, once
    /// (see [`count`](Self::count)); its clock stops.
    fn count_now(&mut self, outcome: Outcome) -> Option<GameStats> {
        self.counted.insert(self.session.game_start(), outcome);
        self.tell_clock();
        self.count(outcome)
    }

    /// The time the clock shows: the game's, or in a replay the time at
    /// the frame shown, where the game's states record it (Tetris).
    fn shown_time_ms(&self) -> u64 {
        let replayed = self.replay.and_then(|_| self.board.time_in_state_ms(self.session.state()));
        replayed.unwrap_or_else(|| self.session.elapsed_ms())
    }

    /// Whether the game at the cursor is as it was dealt: no move made in
    /// it, and none waiting to be redone.
    fn untouched(&self) -> bool {
        self.session.move_count() == 0 && self.session.game_end() == self.session.cursor()
    }

    /// Holds a game resumed while under way: its clock until the player
    /// is back, and the game itself as its board asks (see
    /// [`Board::on_resume`]), at once, so a game opened by a script waits
    /// for its player as one opened in the window does. A replay, or a
    /// game whose clock counts no time (no move yet, or counted), is left
    /// as it is.
    fn hold_resumed(&mut self) {
        self.tell_clock();
        if self.replay.is_some() || !self.clock_counts() {
            return;
        }
        self.awaiting_player = true;
        let hold = self.board.on_resume(&self.session);
        self.hold(hold);
    }

    /// Plays the move that holds the game while its player is away, if
    /// the board has one: no news to tell, as nobody is looking.
    fn hold(&mut self, hold: Option<<V::Game as Game>::Move>) {
        if let Some(m) = hold {
            let board = &self.board;
            // A hold the rules refuse leaves the game as it was.
            let _ = self.session.play_with(&m, |state| board.auto_move(state));
        }
    }

    /// The program ends with a box of the board's open over the game
    /// (Tetris's name for the top five, asked over the game dealt after
    /// the one given up): its player never saw that game run, so it is
    /// held as when they turn to another window, and it comes back
    /// paused, and said so, like a game left running.
    fn hold_under_box(&mut self) {
        if self.replay.is_none() && self.board.boxed() {
            let hold = self.board.on_focus_lost(&self.session);
            self.hold(hold);
        }
    }

    /// Gives up the game in progress for the kept game offered, once the
    /// player has said so: a board with scores shows them over the game
    /// given up, as New Game does, and the kept game opens as the box
    /// closes.
    fn open_offered(&mut self) -> Response {
        if self.offered.is_none() {
            return Response::Unchanged;
        }
        match self.give_up() {
            Some(scores) => {
                self.asked = Asked::ScoredOpening;
                Response::Ask(scores)
            }
            None => self.open_kept(),
        }
    }

    /// Puts the kept game offered on the table, the game in progress
    /// given up already.
    fn open_kept(&mut self) -> Response {
        let Some((kept, name, changed)) = self.offered.take() else { return Response::Unchanged };
        self.counted = counted_in(&kept, &self.board);
        self.session = kept;
        self.session.note_opened();
        self.message = opened_words(&name, changed);
        self.journal();
        let response = self.changed();
        // After the board has been reset for the game opened.
        self.hold_resumed();
        response
    }

    /// What the family's statistics keep of a game (a family not
    /// registered, as in some tests, counts games won or lost).
    fn record(&self) -> Record {
        super::family(self.family).map_or(Record::Full, |f| f.record)
    }

    /// Whether the game has a clock: shown in the chrome, said at the end
    /// and kept as a best time.
    fn timed(&self) -> bool {
        self.record() != Record::Untimed
    }

    /// Whether giving up the game at the cursor would count it as lost
    /// (see [`leaving_counts`]): only then is the player asked first.
    fn leaving_counts(&self) -> bool {
        leaving_counts(&self.session, &self.counted, &self.board)
    }

    /// A game given up for another counts as lost. Returns its record if
    /// it was counted now. A game only scored (Tetris) ends there with
    /// the score it has, as one played out does: it is finished as that
    /// one is, so its score may go into the board's table.
    fn abandon(&mut self) -> Option<GameStats> {
        if !self.leaving_counts() {
            return None;
        }
        let record = self.count_now(Outcome::Lost);
        if record.is_some() && self.record() == Record::ScoreOnly {
            self.board.finished(&self.session);
        }
        record
    }

    /// New Game or Restart: asks first where the game in progress would
    /// count as lost, and otherwise leaves it at once.
    fn leave(&mut self, to: Leaving) -> Response {
        if !self.leaving_counts() {
            return self.left_for(to);
        }
        let (title, question) = to.question();
        self.confirm(Asked::ConfirmLeave(to), title, &question)
    }

    /// Gives up the game at the cursor (counted as lost if it is under
    /// way) for a new deal or the same one again. A board with scores
    /// shows them for the game just given up, over it, as the Card Shell
    /// scored a game after New Game was chosen and before the next was
    /// dealt; the table moves on when the box is closed, or the game is
    /// closed with it. Meanwhile the game is journalled as counted, so it
    /// is never counted twice.
    fn left_for(&mut self, to: Leaving) -> Response {
        let scores = self.give_up();
        self.message.clear();
        let Some(scores) = scores else { return self.move_on(to) };
        self.asked = Asked::ScoredLeaving(to);
        Response::Ask(scores)
    }

    /// Gives up the game at the cursor, counted as lost if it is under
    /// way, and returns the board's scores of it, if it has some: the
    /// game is journalled as counted then, so that it is never counted
    /// twice while the box is up or after it.
    fn give_up(&mut self) -> Option<Requester> {
        let scores = self.abandon().and_then(|g| self.board.scores(&g))?;
        self.session.mark(Mark::Lost);
        self.journal();
        Some(scores)
    }

    /// Deals the next game, or the same one again, once the game at the
    /// cursor is given up.
    fn move_on(&mut self, to: Leaving) -> Response {
        match to {
            Leaving::NewGame => self.new_game(next_number(&self.session)),
            Leaving::Number(n) => self.new_game(n),
            Leaving::Restart(None) => self.restart(),
            // What was asked for is the board's command (Show Solution):
            // a game at its start already is no news then, and Restart's
            // word on it would stand while the command plays.
            Leaving::Restart(Some(then)) => {
                let restarted = self.back_to_the_start().unwrap_or(Response::Redraw);
                match self.board_command(then.command) {
                    Response::Unchanged => restarted,
                    then => then,
                }
            }
        }
    }

    /// Deals game `number` as the next game.
    fn new_game(&mut self, number: u64) -> Response {
        let next = NextDeal::after(&self.session, number, &self.board);
        if next.replace {
            self.keep_prefs();
        }
        if self.deal(next) { self.changed() } else { Response::Redraw }
    }

    /// Restart: the same deal back on the table, or a word that it is
    /// there already.
    fn restart(&mut self) -> Response {
        self.back_to_the_start().unwrap_or_else(|| self.refuse(AT_THE_START.into()))
    }

    /// The same deal back on the table: a step Undo takes back, where the
    /// board has undo; a history of its own otherwise. A deal untouched
    /// is on the table already: dealt again, it would only add a step
    /// that Undo takes back to the same table, Undo offered with nothing
    /// to undo (as `dealt` keeps a deal opened again by its number), so
    /// it is left, and None returned.
    fn back_to_the_start(&mut self) -> Option<Response> {
        let number = self.game_number();
        if self.board.undoable() && self.untouched() {
            return None;
        }
        if self.board.undoable() {
            self.session.restart();
        } else {
            self.session = Session::new(self.session.variant().clone(), self.session.seed());
            self.counted.clear();
        }
        self.dealt_for(number);
        self.forget_unreachable();
        Some(self.changed())
    }

    /// Deals `next`, or starts the board's search for its deal: on a thread
    /// of its own where long work may run in the background, at once
    /// otherwise. Returns whether it was dealt now.
    fn deal(&mut self, next: NextDeal<V>) -> bool {
        let Some(DealSearch { doing, doing_briefly, judge, gauge, run }) =
            self.board.deal_search(&next.variant, next.number)
        else {
            self.dealt_as_it_comes(next, None);
            return true;
        };
        let stop = Arc::new(AtomicBool::new(false));
        if !background::allowed() {
            let (seed, note) = run(stop);
            self.dealt(next, seed, note);
            return true;
        }
        let (tx, answer) = channel();
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name("dealer".into()).spawn(move || {
            let _ = tx.send(run(flag));
        });
        if spawned.is_err() {
            // Without a thread, the number is dealt as it comes.
            self.dealt_as_it_comes(next, None);
            return true;
        }
        self.dealing = Some(Dealing { deal: next, doing, doing_briefly, judge, gauge, stop, answer });
        self.say_dealing(None);
        false
    }

    /// Puts `next` on the table dealt from its number itself, with `note`
    /// said of it: no search, or none that answered.
    fn dealt_as_it_comes(&mut self, next: NextDeal<V>, note: Option<String>) {
        let seed = next.number;
        self.dealt(next, seed, note);
    }

    /// Puts `next` on the table, dealt from `seed` (its number, or the
    /// deal the board's search found for it), with what the search said
    /// of it.
    fn dealt(&mut self, next: NextDeal<V>, seed: u64, note: Option<String>) {
        if next.replace && next.variant.id() != self.session.variant().id() {
            self.leave_rules(&next.variant);
        }
        let number = next.number;
        if next.replace {
            self.session = Session::new(next.variant, seed);
            self.counted.clear();
        } else if self.session.seed() == seed && self.session.move_count() == 0 {
            // That very deal is on the table, untouched (a game opened by
            // its number again where numbers stand for winnable deals):
            // dealing it again would only add a step that Undo takes back
            // to the same table, and drop any moves waiting to be redone.
        } else {
            self.session.new_game(seed);
        }
        self.dealt_for(number);
        self.forget_unreachable();
        if let Some(note) = note {
            self.message = note;
        }
        if let Some(left) = self.left_counted.take() {
            self.message = if self.message.is_empty() { left } else { format!("{left} {}", self.message) };
        }
    }

    /// Before other rules, with a journal of their own, take the table:
    /// the game left, if it was counted as it was given up, is journalled
    /// marked so (its rules' journal keeps it, and is not counted again
    /// when it is next written over); and a game under way in the other
    /// rules' journal that was never counted (left there by opening other
    /// rules by name) counts as lost now, as New Game would count it,
    /// since the new game is about to be written over it.
    fn leave_rules(&mut self, next: &V) {
        let start = self.session.game_start();
        if let Some(&outcome) = self.counted.get(&start).filter(|_| self.in_progress())
            && !self.session.is_marked(mark_of(outcome))
        {
            self.session.mark(mark_of(outcome));
            self.journal();
        }
        self.count_left_in(next);
    }

    /// A game under way in `rules`' journal and never counted counts as
    /// lost: a new game under them is about to be written over it.
    fn count_left_in(&mut self, rules: &V) {
        let path = journal::journal_path(&self.data_dir, rules.id());
        let Ok((left, _)) = save::load_noting(&path, rules) else { return };
        if leaving_counts(&left, &counted_in(&left, &self.board), &self.board) {
            let current = std::mem::replace(&mut self.session, left);
            self.count(Outcome::Lost);
            self.session = current;
        }
    }

    /// Says how far the search for a deal has got, and that Escape stops
    /// it: in fewer words where the status line of `machine` would not
    /// show all of it (the Amiga PAL's title bar).
    fn say_dealing(&mut self, machine: Option<&Machine>) {
        let Some(d) = &self.dealing else { return };
        let percent = d.gauge.percent();
        let full = format!("{}: {percent}%. Escape deals this one.", d.doing);
        let brief = format!("{}: {percent}%. Esc: this one.", d.doing_briefly);
        let fits = machine.is_none_or(|m| self.shows_whole(m, &full));
        self.message = if fits { full } else { brief };
    }

    /// Whether the status line of `machine` shows `text` whole beside the
    /// figures.
    fn shows_whole(&self, machine: &Machine, text: &str) -> bool {
        let (title, fields) = (self.board.title(), self.fields());
        let refusal = self.refusal.as_deref() == Some(text);
        let frame = Frame { title: &title, menus: &[], fields: &fields, message: text, refusal, disabled: &[] };
        machine.chrome().shows_whole(machine.look(), &frame)
    }

    /// Deals when the search has answered (heard at a tick); meanwhile
    /// keeps its progress in the status line and refuses other input.
    /// Escape stops the search and deals the number as it comes.
    fn dealing_input(&mut self, input: &Input, machine: &Machine) -> Response {
        let Some(d) = &self.dealing else { return Response::Unchanged };
        let answer = match input {
            Input::Key { key: Key::Escape, .. } => None,
            Input::Tick { .. } => match d.answer.try_recv() {
                Ok(answer) => Some(answer),
                Err(TryRecvError::Disconnected) => None,
                Err(TryRecvError::Empty) => {
                    let before = std::mem::take(&mut self.message);
                    self.say_dealing(Some(machine));
                    return if self.message == before { Response::Unchanged } else { Response::Redraw };
                }
            },
            _ => return Response::Unchanged,
        };
        self.finish_dealing(answer);
        self.changed()
    }

    /// Ends the search for a deal with its `answer`, or without one (it was
    /// stopped) by dealing the number as it comes.
    fn finish_dealing(&mut self, answer: Option<Dealt>) {
        let Some(d) = self.dealing.take() else { return };
        d.stop.store(true, Ordering::Relaxed);
        self.message.clear();
        match answer {
            Some((seed, note)) => self.dealt(d.deal, seed, note),
            None => {
                self.dealt_as_it_comes(d.deal, Some("The search was stopped: this game is dealt as it comes.".into()))
            }
        }
    }

    /// Moves the cursor to `step` of the history (within the game at the
    /// cursor), as undo or redo would, one step at a time.
    fn go_to(&mut self, step: usize) -> Response {
        let ended = self.session.state().status() != Status::Playing;
        let start = self.session.game_start();
        while self.session.cursor() > step && self.session.undo() {}
        while self.session.cursor() < step && self.session.redo() {}
        self.moved_on();
        self.message = self.standing_words();
        self.keep_count_taken_back(ended, start);
        self.journal();
        Response::Redraw
    }

    /// After steps back from a game that had `ended`, or that was dealt
    /// at `start`: a game taken back out of its end, or back from the
    /// deal that gave it up, keeps its count. The journal keeps it too,
    /// as a mark: the next move drops the steps that told how it ended,
    /// and a game resumed without them would count again. Only a loss is
    /// told: a win taken back stands as it was, and the positions before
    /// it say nothing of it.
    fn keep_count_taken_back(&mut self, ended: bool, start: usize) {
        let back = ended || self.session.game_start() != start;
        if let Some(&outcome) = self.counted.get(&self.session.game_start()).filter(|_| back) {
            self.session.mark(mark_of(outcome));
            if outcome == Outcome::Lost {
                self.message = "Taken back. Still counted as lost.".into();
            }
        }
    }

    /// Plays the game again from its deal, a move per pause.
    fn start_rerun(&mut self) -> Response {
        let (until, from) = (self.session.game_end(), self.session.cursor());
        self.go_to(self.session.game_start());
        self.rerun = Some(Rerun { until, waited: 0, from });
        self.message = "Replaying the game: a click or a key stops it.".into();
        Response::Redraw
    }

    /// A command of the game's own, the demo, rerun and boxes dealt with.
    fn game_command(&mut self, command: &Command) -> Option<Response> {
        Some(match command {
            Command::New => self.leave(Leaving::NewGame),
            Command::SelectGame => self.select_game(),
            Command::Restart => self.leave(Leaving::Restart(None)),
            Command::Undo => {
                let ended = self.session.state().status() != Status::Playing;
                let start = self.session.game_start();
                while self.session.undo() && !self.board.settled(self.session.state()) {}
                self.moved_on();
                self.message = self.standing_words();
                self.keep_count_taken_back(ended, start);
                self.journal();
                Response::Redraw
            }
            Command::Redo => {
                while self.session.redo() && !self.board.settled(self.session.state()) {}
                // An ending reached again is said by `changed`; what stands
                // in a game under way is asked after it, once the board has
                // taken up the position, so a judgment it starts in the
                // background (The Chance's) is not dropped.
                self.message.clear();
                let response = self.changed();
                if self.session.state().status() == Status::Playing
                    && let Some(standing) = self.board.standing(&self.session)
                {
                    self.message = standing;
                }
                response
            }
            Command::Hint => self.hint(),
            Command::BackToStart => self.go_to(self.session.game_start()),
            Command::ForwardToEnd => self.go_to(self.session.game_end()),
            Command::Replay => self.start_rerun(),
            Command::SaveAs => self.save_as(),
            Command::Stats => self.stats(),
            Command::View(c) => self.board_command(*c),
            Command::Options => self.board_command(OPTIONS),
            _ => return None,
        })
    }

    /// Ends a rerun where it has got to, saying what stands there (an
    /// ending reached, a game found lost) as stepping to it would.
    fn stop_rerun(&mut self) {
        if self.rerun.take().is_some() {
            self.message = self.standing_words();
            self.journal();
        }
    }

    /// A rerun's share of time and input: ticks step it on, a click or a
    /// key stops it.
    fn rerun_input(&mut self, input: &Input) -> Response {
        match *input {
            Input::Tick { ms } => {
                let Some(r) = &mut self.rerun else { return Response::Unchanged };
                r.waited += ms;
                let (mut moved, until) = (false, r.until);
                while r.waited >= RERUN_STEP_MS && self.session.cursor() < until {
                    r.waited -= RERUN_STEP_MS;
                    moved |= self.session.redo();
                }
                // The board takes up the last position too, before the
                // rerun ends there.
                if moved {
                    self.moved_on();
                }
                if self.session.cursor() >= until {
                    self.stop_rerun();
                }
                if moved || self.rerun.is_none() { Response::Redraw } else { Response::Unchanged }
            }
            Input::MouseDown { .. } | Input::Key { .. } => {
                self.stop_rerun();
                Response::Redraw
            }
            _ => Response::Unchanged,
        }
    }

    /// A tick of a replay: the steps of the next frame, or nothing when
    /// paused or at the end.
    fn replay_tick(&mut self) -> Response {
        let Some(replay) = self.replay else { return Response::Unchanged };
        if replay.paused || self.session.cursor() >= replay.end {
            return Response::Unchanged;
        }
        while self.session.cursor() < replay.end && self.session.redo() {
            if self.board.frame_ends(&self.session.steps()[self.session.cursor()]) {
                break;
            }
        }
        self.moved_on();
        if self.session.cursor() >= replay.end {
            self.message = "The replay is over: Escape leaves it.".into();
        }
        Response::Redraw
    }

    /// The player's input during a replay: Space pauses, Escape stops.
    fn replay_input(&mut self, input: &Input) -> Response {
        let Input::Key { key, .. } = *input else { return Response::Unchanged };
        let Some(replay) = &mut self.replay else { return Response::Unchanged };
        match key {
            Key::Char(' ') => {
                replay.paused = !replay.paused;
                self.message = if replay.paused { "Replay paused: Space goes on." } else { "" }.into();
                Response::Redraw
            }
            Key::Escape => Response::Command(Command::Close),
            _ => Response::Unchanged,
        }
    }

    /// Ends the game in progress and deals it again with `variant`: the
    /// same deal number under the other rules (Easy and Hard are two ways
    /// of playing one deal).
    fn switch_rules(&mut self, variant: V) -> Response {
        self.abandon();
        // The game's number, not its seed: where deals are winnable only,
        // the new rules' search finds the number's deal for them.
        let number = self.game_number();
        let note = self.board.rules_chosen(&variant);
        self.message.clear();
        self.keep_prefs();
        if !self.deal(NextDeal { variant, number, replace: true }) {
            return Response::Redraw;
        }
        // Why the table was dealt anew, where the board says (a deal that
        // said something of its own keeps it).
        if self.message.is_empty() {
            self.message = note.unwrap_or_default();
        }
        self.changed()
    }

    fn hint(&mut self) -> Response {
        if !self.board.hints() {
            return Response::Unchanged;
        }
        if self.session.state().status() != Status::Playing {
            self.message = "The game is over.".into();
            return Response::Redraw;
        }
        let reply = self.board.ask_hint(&self.session);
        self.reply(reply)
    }

    fn save_as(&mut self) -> Response {
        let path = journal::next_kept_path(&self.data_dir, &self.id());
        self.message = match write_save(&self.session, &path) {
            // The name first, a sentence of its own that a narrow status
            // line keeps whole; then where it is.
            Ok(()) => {
                let name = files::file_name(&path);
                let folder = path.parent().map_or_else(String::new, |p| p.display().to_string());
                format!("Kept as {name}. It is in {folder}.")
            }
            Err(e) => format!("The game could not be kept. {e}"),
        };
        // Where the copy went, or why it did not, shows nowhere else.
        self.read_whole = Some(self.message.clone());
        Response::Redraw
    }

    /// The statistics box with the game on the table's number under its
    /// figures, where deals go by number. Named as a figure of the box
    /// is: "This is game 2." under "Played: 0" read as a count of games.
    fn with_number(&self, mut req: Requester) -> Requester {
        if self.numbered() {
            req.lines.push(format!("Game number: {}", self.game_number()));
        }
        req
    }

    fn stats(&mut self) -> Response {
        let (stats, unread) = Stats::for_showing(&self.data_dir);
        let game = stats.game(&self.id()).cloned().unwrap_or_default();
        let req = self.board.scores(&game).unwrap_or_else(|| {
            // A best score only where the game keeps one, as `parlour
            // stats` tells it: Sokoban's Score is the cans home, which
            // every level solved brings to all of them.
            let scored = self.board.fields(&self.session).iter().any(|(name, _)| *name == "Score");
            let scoring = match self.record() {
                Record::ScoreOnly => Scoring::Only,
                Record::Full if scored => Scoring::Shown,
                _ => Scoring::Unshown,
            };
            let kept = self.board.best_kept(&self.session);
            let mut req = stats_box(&self.board.stats_name(&self.session), &game, scoring, kept);
            req.lines.extend(self.board.stats_lines(&self.session, &game));
            req
        });
        let mut req = self.with_number(req);
        req.lines.extend(unread);
        req.buttons = vec!["OK".into(), "Reset".into()];
        self.asked = Asked::Stats;
        Response::Ask(req)
    }

    /// Asks before the statistics box's Reset clears its figures, naming
    /// the game, board, size or level they are of.
    fn ask_reset(&mut self) -> Response {
        self.asked = Asked::ConfirmReset;
        let of = self.board.stats_of(&self.session);
        let mut lines = vec![format!("Clear the statistics of {of}?")];
        lines.extend(self.board.reset_keeps(&self.session));
        lines.push("This cannot be undone.".into());
        Response::Ask(Requester { title: "Reset".into(), lines, buttons: vec!["Reset".into(), "Cancel".into()] })
    }

    /// Clears the record the statistics box shows, and shows the box
    /// again, its figures at nought. Another game's record, and the game
    /// on the table, are left as they are: it counts as it ends, as any
    /// game does. A file that cannot be read whole, or written, is told
    /// of in a box instead, and nothing is cleared.
    fn reset_stats(&mut self) -> Response {
        let id = self.id();
        match Stats::clear_saved(&self.data_dir, |game| game == id) {
            Ok(_) => {
                self.board.stats_cleared();
                self.message = "Statistics cleared.".into();
                self.stats()
            }
            Err(e) => {
                self.message = "The statistics were not cleared.".into();
                Response::Ask(notice_box("Statistics", format!("The statistics were not cleared: {e}")))
            }
        }
    }

    /// The number of the game at the cursor: the one it was dealt for
    /// (see [`Session::number`]), else its seed.
    fn game_number(&self) -> u64 {
        self.session.number().unwrap_or_else(|| self.session.seed())
    }

    /// Notes that the game at the cursor was dealt for `number`: where
    /// deals are winnable only, game 7 may be a deal made from 7, whose
    /// seed is no number the player chose. The journal keeps it, so the
    /// game resumed is still game 7. A game dealt from its number itself
    /// needs no note.
    fn dealt_for(&mut self, number: u64) {
        if number != self.session.seed() {
            let start = self.session.game_start();
            self.session.set_number(start, number).expect("the game at the cursor was dealt at its start");
        }
    }

    /// Forgets the games before the first step Undo can reach (see
    /// [`undo_floor`]): played and left, they were counted then, and
    /// otherwise they would be written to the journal and replayed at
    /// every opening for as long as the game is played, until the journal
    /// outgrew what a save may hold. The games kept keep their counts.
    fn forget_unreachable(&mut self) {
        let floor = undo_floor(&self.board, &self.session);
        if floor == 0 || self.replay.is_some() || self.rerun.is_some() {
            return;
        }
        self.session.forget_before(floor).expect("Undo's floor deals a game at or before the cursor");
        self.counted = std::mem::take(&mut self.counted)
            .into_iter()
            .filter_map(|(start, outcome)| Some((start.checked_sub(floor)?, outcome)))
            .collect();
        self.unsaved = self.unsaved.and_then(|start| start.checked_sub(floor));
    }

    /// Whether the game's deals go by number: where every deal is alike
    /// (a peg board, a Sokoban level) there is none to choose.
    fn numbered(&self) -> bool {
        !self.session.variant().deals_alike()
    }

    /// "This is game 123456.", the line Select Game's box opens with.
    fn this_game(&self) -> String {
        format!("This is game {}.", self.game_number())
    }

    /// Select Game's box: which game this is, and a field for the number
    /// of the one to deal, empty for the player to type in.
    fn select_game(&mut self) -> Response {
        let lines = vec![self.this_game(), format!("Which game (1 to {MAX_GAME_NUMBER})?")];
        self.selecting =
            Some(TextEntry::new(SELECT_GAME, lines, "Game:", "", GAME_NUMBER_DIGITS).of_digits((1, MAX_GAME_NUMBER)));
        Response::Redraw
    }

    /// The player's input to Select Game's box, which holds it all while
    /// it is open: a number typed and taken deals that game as New Game
    /// would (asking first where the game in progress would count as
    /// lost); a number refused keeps the box open, saying why.
    fn selecting_input(&mut self, input: &Input, machine: &Machine) -> Response {
        let Some(entry) = &mut self.selecting else { return Response::Unchanged };
        match entry.input(input, machine) {
            EntryEvent::Ignored => Response::Unchanged,
            EntryEvent::Edited => Response::Redraw,
            EntryEvent::Cancelled => {
                self.selecting = None;
                Response::Redraw
            }
            EntryEvent::Done(text) => match parse_game_number(&text) {
                Ok(number) => {
                    self.selecting = None;
                    self.leave(Leaving::Number(number))
                }
                Err(why) => {
                    entry.lines[1] = why;
                    Response::Redraw
                }
            },
        }
    }

    /// Turns a board's reply into the shell's response.
    fn reply(&mut self, reply: Reply<V>) -> Response {
        match reply {
            Reply::Unchanged => Response::Unchanged,
            Reply::Redraw => Response::Redraw,
            Reply::Play(m) => self.play(&m),
            Reply::PlayFor(m) => {
                // Marked first, so a move that wins is counted as helped.
                self.session.mark(Mark::Helped);
                self.play(&m)
            }
            Reply::Say(text) => {
                self.say(text);
                Response::Redraw
            }
            Reply::Refuse(text) => self.refuse(text),
            Reply::Tell(text) => {
                self.say(text);
                self.news = Some(self.message.clone());
                Response::Redraw
            }
            Reply::Hint(m, text, told) => {
                self.board.show_hint(&self.session, &m);
                self.message = text;
                if told {
                    self.news = Some(self.message.clone());
                }
                Response::Redraw
            }
            Reply::Command(c) => self.command(&c).unwrap_or(Response::Command(c)),
            Reply::RestartThen(c) => self.leave(Leaving::Restart(Some(c))),
            Reply::Ask(req) => {
                self.asked = Asked::Board;
                self.board_box = Some(req.clone());
                Response::Ask(req)
            }
            Reply::Choose(req, choices) => {
                self.asked = Asked::Board;
                Response::Choose(req, choices)
            }
            Reply::Rules(variant) if self.leaving_counts() => {
                let (title, question) = self.board.rules_asked(&variant);
                self.rules_waiting = Some(variant);
                self.confirm(Asked::ConfirmRules, &title, &question)
            }
            Reply::Rules(variant) => self.switch_rules(variant),
        }
    }

    /// Asks before giving up the game in progress: `question`, and what
    /// becomes of that game; the button that goes ahead is labelled as
    /// the box is titled.
    fn confirm(&mut self, asked: Asked, title: &str, question: &str) -> Response {
        self.asked = asked;
        Response::Ask(Requester {
            title: title.into(),
            lines: vec![question.into(), leaving_said(self.record()).into()],
            buttons: vec![title.into(), "Cancel".into()],
        })
    }

    fn board_command(&mut self, c: ViewCommand) -> Response {
        let was_paused = self.board.paused();
        let reply = self.board.command(&self.session, c);
        self.pause_switched(was_paused);
        let response = self.reply(reply);
        self.keep_prefs();
        response
    }

    /// A pause of the board's own (MineSweeper's, see [`Board::paused`])
    /// switched on or off by the player ends what the status line said
    /// of the game as it stood ("Game restored and paused." while it
    /// goes on again), as a pause that is a move of the game (Tetris's)
    /// does; what the board answers with says anew.
    fn pause_switched(&mut self, was_paused: bool) {
        if self.board.paused() != was_paused {
            self.message.clear();
        }
    }

    /// Keeps the board's preferences in the data folder now (a family
    /// whose preferences say which game was last played keeps them as it
    /// opens one, not only as it closes).
    pub fn keep_prefs(&mut self) {
        if let Err(e) = self.write_prefs() {
            self.message = prefs_not_kept(&e);
        }
    }

    /// Keeps the board's preferences as the game opens (the board or
    /// level to come back to). The player changed nothing: a failure is
    /// told in a box, leaving the status line to say how the game was
    /// resumed and whether it is being saved.
    pub fn keep_prefs_as_opened(&mut self) {
        if let Err(e) = self.write_prefs() {
            self.notices.push_back(notice_box("Preferences", prefs_not_kept(&e)));
        }
    }

    fn write_prefs(&self) -> Result<(), String> {
        prefs::write_for(&self.data_dir, self.family, &self.board.prefs(&self.session))
    }

    /// What the game's menus call Undo: its own name where the game has
    /// its own menu bar (Rummi's Back up).
    fn undo_label(&self) -> String {
        let own = self.board.menu_bar(&self.session).into_iter().flatten().flat_map(|m| m.items);
        own.into_iter().find(|i| i.command == Command::Undo).map_or_else(|| "Undo".into(), |i| i.label)
    }

    fn game_menu(&self) -> Menu {
        let s = &self.session;
        let mut items = vec![MenuItem::new("New Game", Command::New).key('n')];
        items.extend(self.numbered().then(select_game_item));
        items.extend([restart_item(), MenuItem::separator()]);
        // A game without undo (Tetris) shows no steps back at all, rather
        // than items greyed for the whole game.
        if self.board.undoable() {
            // Greyed where they would do nothing (see `can`).
            items.extend([
                MenuItem::new("Undo", Command::Undo).key('z').enabled(self.can(&Command::Undo)),
                MenuItem::new("Redo", Command::Redo).key('y').enabled(self.can(&Command::Redo)),
                MenuItem::new("Back to Start", Command::BackToStart),
                MenuItem::new("Forward to End", Command::ForwardToEnd),
                MenuItem::new("Replay", Command::Replay),
            ]);
        }
        items.push(MenuItem::new("Hint", Command::Hint).key('t').enabled(self.can(&Command::Hint)));
        items.extend(self.board.hint_items(s));
        items.push(MenuItem::separator());
        items.extend(self.board.menu_items(s));
        items.extend([
            MenuItem::separator(),
            MenuItem::new("Save a Copy", Command::SaveAs).key('s'),
            MenuItem::new("Open...", Command::Open).key('o'),
            MenuItem::new("Statistics...", Command::Stats),
        ]);
        Menu::new("Game", items)
    }
}

/// The journal at `path` for `variant` (or, if it is damaged, its
/// previous copy), or nothing to resume; with what to tell the player when
/// a bad journal was set aside: in short for the status line, in full (the
/// file, its line, what was wrong, where it went) for a box. `family` is
/// the game's family, whose boards or levels are named in what is said.
fn resume<V: Variant>(path: &Path, variant: &V, family: &str) -> (Option<Session<V>>, String, Option<Requester>) {
    let name = files::file_name;
    let problem = |e: &FileError| {
        // The whole path, as every box of a file's trouble gives it; the
        // names after it are of files beside it.
        let place = format!("{}{}", path.display(), e.line.map_or_else(String::new, |l| format!(", line {l}")));
        // Each reason ends here, where the sentence does.
        let reason = e.reason.strip_suffix('.').unwrap_or(&e.reason);
        match e.moved_to.as_deref() {
            // Named, not "the file": the reason may have just told of its
            // previous copy, set aside too.
            Some(aside) => format!("{place}: {reason}. {} was set aside as {}", name(path), name(aside)),
            None => format!("{place}: {reason}"),
        }
    };
    let what = |e: &FileError| match e.kind {
        FileErrorKind::Foreign => "The saved game could not be used",
        FileErrorKind::Io => "The saved game could not be read",
        _ => "The saved game was damaged",
    };
    // A game saved under rules since changed (a game type being written)
    // goes on if it replays under them; the player is told in passing.
    let said = |changed: save::RulesChanged| if changed { RESUMED_CHANGED } else { "" };
    match files::load_or_backup(path, |p| save::load_noting(p, variant)) {
        Ok(Loaded { value: (session, changed), replaced: None, .. }) => (Some(session), said(changed).into(), None),
        Ok(Loaded { value: (session, _), replaced: Some(e), .. }) => {
            let backup = name(&files::backup_path(path));
            let full = format!("{}, and its previous copy, {backup}, was resumed.", problem(&e));
            (Some(session), format!("{}: its previous copy was resumed.", what(&e)), Some(notice_box(SAVED_GAME, full)))
        }
        Err(e) if e.kind == FileErrorKind::NotFound => (None, String::new(), None),
        Err(e) => {
            let afresh = started_afresh(variant, family);
            let full = format!("{}. {}.", problem(&e), capitalised(&afresh));
            (None, format!("{}: {afresh}.", what(&e)), Some(notice_box(SAVED_GAME, full)))
        }
    }
}

/// What became of a game whose journal could not be resumed, as a clause:
/// a new game was dealt; or where every deal is alike (a peg board, a
/// Sokoban level) no other game could be, so the board or level, named as
/// its family names them, starts afresh.
fn started_afresh<V: Variant>(variant: &V, family: &str) -> String {
    if !variant.deals_alike() {
        return "a new game was dealt".into();
    }
    let noun = super::family(family).map_or("game", |f| f.kind.nouns().0);
    format!("the {noun} starts afresh")
}

/// What is said of a game resumed under rules changed since it was saved.
const RESUMED_CHANGED: &str = "Resumed under the changed rules.";

/// What Restart says of a game with no move made.
const AT_THE_START: &str = "The game is at its start already.";
/// What Undo's and Redo's keys say where they have nothing to do. Undo's
/// is read whole on the Amiga PAL's title bar (36 characters), where the
/// longer "...: the game is at its start." lost its second half, which
/// the guides say the status line tells.
const NOTHING_TO_UNDO: &str = "Nothing to take back: at the start.";
const NOTHING_TO_REDO: &str = "Nothing to play again: no move taken back is waiting.";
/// Select Game's title and what its box asks.
const SELECT_GAME: &str = "Select Game";

/// The title of the boxes that tell of trouble with the journal.
const SAVED_GAME: &str = "Saved Game";

/// A box telling the player of trouble with a file, in full.
fn notice_box(title: &str, text: String) -> Requester {
    Requester { title: title.into(), lines: vec![text], buttons: vec!["OK".into()] }
}

/// `more` said after what the status line says already (`said`), that as
/// a sentence of its own; `more` alone where the line says nothing.
fn said_then(said: &str, more: &str) -> String {
    if said.is_empty() { more.into() } else { format!("{} {more}", sentence(said)) }
}

/// Whether the game at the cursor of `session` is under way: not ended,
/// and the player has made a move in it. A game dealt at random stays
/// under way once the player has moved, even if every move is undone:
/// they have seen its deal. One dealt alike every time (see
/// [`Variant::deals_alike`]) taken back to its start is not: New Game
/// would only give the same start again.
fn in_progress<V: Variant>(session: &Session<V>, board: &impl Board<V>) -> bool {
    let last = if session.variant().deals_alike() { session.cursor() } else { session.game_end() };
    session.state().status() == Status::Playing && player_moved(session, session.game_start(), last, board)
}

/// Whether giving up the game at the cursor of `session` would count it
/// as lost, `counted` being the games already counted: it is under way and
/// not counted yet. A game counted at its end (a win, a loss, a win Solve
/// helped to) or found lost, then taken back by Undo, is under way again
/// but never counted twice, so leaving it costs nothing and asks nothing.
/// Nor does a kept game left as it was opened: opening a copy plays nothing.
fn leaving_counts<V: Variant>(session: &Session<V>, counted: &BTreeMap<usize, Outcome>, board: &impl Board<V>) -> bool {
    in_progress(session, board) && !counted.contains_key(&session.game_start()) && !session.as_opened()
}

/// The step that deals the game after the one at the cursor, if Undo has
/// taken that deal back.
fn later_game<V: Variant>(session: &Session<V>) -> Option<usize> {
    let steps = session.steps();
    (session.cursor() + 1..steps.len()).find(|&i| !matches!(steps[i].action, Action::Move(_)))
}

/// The games of `session` already counted (see [`counted_before`]), the
/// one at the cursor too if it has ended: it was counted when it ended,
/// before it was journalled or kept.
fn counted_in<V: Variant>(session: &Session<V>, board: &impl Board<V>) -> BTreeMap<usize, Outcome> {
    let mut counted = counted_before(session, board);
    if session.state().status() != Status::Playing {
        let won = session.state().status() == Status::Won && board.played_for_player(session).is_none();
        // A game found lost before it ended was counted lost then, and a
        // game won and taken back was counted won.
        let won = (won && !session.is_marked(Mark::Lost)) || session.is_marked(Mark::Won);
        counted.insert(session.game_start(), if won { Outcome::Won } else { Outcome::Lost });
    }
    counted
}

/// The games of a resumed history that were counted when they were
/// played, by the step that dealt them: each that ended (won or lost at
/// its first end; lost, if won where the program played for the player),
/// and each left for another deal after a move (lost).
/// Undo can walk back into any of them, the game at the cursor too (taken
/// back to before its end, or from the next deal); none is counted again.
fn counted_before<V: Variant>(session: &Session<V>, board: &impl Board<V>) -> BTreeMap<usize, Outcome> {
    let steps = session.steps();
    let starts: Vec<usize> = (0..steps.len()).filter(|&i| !matches!(steps[i].action, Action::Move(_))).collect();
    let helped: Vec<usize> = session.marked_games(Mark::Helped).collect();
    let found_lost: Vec<usize> = session.marked_games(Mark::Lost).collect();
    let won_before: Vec<usize> = session.marked_games(Mark::Won).collect();
    let mut counted = BTreeMap::new();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(steps.len());
        let ended =
            (start..end).filter_map(|i| session.state_at(i)).map(|g| g.status()).find(|&st| st != Status::Playing);
        let outcome = match ended {
            _ if found_lost.contains(&start) => Outcome::Lost,
            _ if won_before.contains(&start) => Outcome::Won,
            Some(Status::Won) if !helped.contains(&start) => Outcome::Won,
            Some(_) => Outcome::Lost,
            None if end < steps.len() && player_moved(session, start, end - 1, board) => Outcome::Lost,
            None => continue,
        };
        counted.insert(start, outcome);
    }
    counted
}

/// The mark that keeps a game's count in the journal once the steps that
/// told how it ended are gone.
fn mark_of(outcome: Outcome) -> Mark {
    match outcome {
        Outcome::Won => Mark::Won,
        Outcome::Lost => Mark::Lost,
    }
}

/// What the status line says of kept game `name` opened: and that it was
/// kept under other rules, where it was (its moves are all legal under
/// these, or it would not have opened), as a journal resumed so says.
fn opened_words(name: &str, rules_changed: save::RulesChanged) -> String {
    match rules_changed {
        true => format!("Opened {name} under the changed rules."),
        false => format!("Opened {name}."),
    }
}

/// Moves the cursor of a loaded game back to its deal, for a replay of it.
fn rewind<V: Variant>(session: &mut Session<V>) -> Replay {
    let end = session.cursor();
    let start = session.game_start();
    while session.cursor() > start {
        session.undo();
    }
    Replay { end, paused: false }
}

/// Writes a save atomically, making its folder first; or says, in one
/// sentence, which file or folder could not be written and why.
fn write_save<V: Variant>(session: &Session<V>, path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("The folder {} could not be made: {}.", dir.display(), files::write_failure(&e)))?;
    }
    save::save(session, path).map_err(|e| match e.kind {
        FileErrorKind::Io => format!("{} could not be written: {}.", path.display(), e.reason),
        _ => format!("{e}."),
    })
}

/// What is said when the preferences could not be written (`e`: the
/// file and why).
fn prefs_not_kept(e: &str) -> String {
    format!("The preferences could not be kept: {e}")
}

/// The reminder, while the journal cannot be written, that the game is
/// not being kept.
const UNSAVED: &str = "Progress is not being saved.";

/// What the status line says when the journal is written again after
/// writes failed.
const SAVED_AGAIN: &str = "Progress is being saved again.";

/// The number of the next new game: derived from the history, so a
/// replayed script deals the same games, and short enough for the player
/// to read out and deal again (see [`short_number`]).
fn next_number<V: Variant>(session: &Session<V>) -> u64 {
    let mut bytes = session.seed().to_le_bytes().to_vec();
    bytes.extend((session.steps().len() as u64).to_le_bytes());
    short_number(fnv1a64(&bytes))
}

/// Whether `command` is one the controller answers (and so enables or dims
/// in a board's own menus).
fn answers(command: &Command) -> bool {
    matches!(
        command,
        Command::New
            | Command::SelectGame
            | Command::Restart
            | Command::Undo
            | Command::Redo
            | Command::Hint
            | Command::BackToStart
            | Command::ForwardToEnd
            | Command::Replay
            | Command::SaveAs
            | Command::Stats
            | Command::Options
            | Command::View(_)
    )
}

/// How a game's statistics box tells of its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Games are scored, never won or lost (Tetris).
    Only,
    /// Won or lost, and scored where the player sees it: the best score
    /// is told too.
    Shown,
    /// Won or lost, with no score in sight (MineSweeper): a best score
    /// would be a figure the player never met.
    Unshown,
}

/// The statistics box of a game; `kept` is the best result the game keeps
/// apart from its statistics (see [`Board::best_kept`]), shown where they
/// hold no win.
pub fn stats_box(name: &str, stats: &GameStats, scoring: Scoring, kept: Option<String>) -> Requester {
    // A best score of 0 or below is the best all the same, as `parlour
    // stats` and the launcher tell it.
    let best_score =
        stats.best_score.filter(|_| scoring != Scoring::Unshown).map(|score| format!("Best score: {score}"));
    let lines = if scoring == Scoring::Only {
        // Never won nor lost (Tetris): games, and what they scored.
        let average = stats.average_score().map(|a| format!("Average score: {a}"));
        let mut lines = vec![format!("Played: {}", stats.played)];
        lines.push(best_score.unwrap_or_else(|| "Best score: none yet".into()));
        lines.extend(average);
        lines
    } else {
        let pct = stats.win_percent();
        let streak = match stats.streak {
            0 => "none".to_string(),
            n if n > 0 => format!("{n} won"),
            n => format!("{} lost", n.unsigned_abs()),
        };
        // The best time and the fewest moves are records apart, most
        // often of two games: on one line they read as one game's. A game
        // with no clock (Oberon's) keeps its fewest moves alone.
        let best_time = stats.best_time_ms.map(|ms| format!("Best time: {}", clock(ms / 1000)));
        let fewest = stats.best_moves.map(|moves| format!("Fewest moves: {moves}"));
        let best: Vec<String> = match (best_time, fewest) {
            (None, None) => vec![kept.unwrap_or_else(|| "Best: no win yet".into())],
            (time, moves) => time.into_iter().chain(moves).collect(),
        };
        let mut lines = vec![
            format!("Played: {}  Won: {} ({pct}%)", stats.played, stats.won),
            format!("Lost: {}  Streak: {streak}", stats.lost),
            format!("Longest winning streak: {}", stats.best_win_streak),
            format!("Longest losing streak: {}", stats.worst_losing_streak),
        ];
        lines.extend(best);
        // Games the program played in (Solve, Show Solution) are among
        // those lost, as the status line said of each: how many.
        if stats.helped > 0 {
            lines.insert(2, format!("Lost with help: {}", stats.helped));
        }
        lines.extend(best_score);
        lines
    };
    Requester { title: format!("{name} Statistics"), lines, buttons: vec!["OK".into()] }
}

impl<V: Variant + 'static, B: Board<V> + 'static> View for Controller<V, B> {
    fn title(&self) -> String {
        self.board.title()
    }

    /// "FreeCell #123456": the host window's title names the game by its
    /// number where deals go by number.
    fn caption(&self) -> String {
        if self.numbered() { format!("{} #{}", self.title(), self.game_number()) } else { self.title() }
    }

    fn menus(&self) -> Vec<Menu> {
        let mut menus = self.board.menu_bar(&self.session).unwrap_or_else(|| {
            let mut menus = vec![self.game_menu()];
            menus.extend(self.board.menus(&self.session));
            menus
        });
        for item in menus.iter_mut().flat_map(|m| m.items.iter_mut()) {
            if answers(&item.command) {
                item.enabled = item.enabled && self.can(&item.command);
            }
        }
        menus
    }

    fn fields(&self) -> Vec<(&'static str, String)> {
        // Every game has a clock and a move count, after its score if it
        // keeps one.
        let mut fields = self.board.fields(&self.session);
        // The verdict on the deal on the table is no news while the next
        // one is sought.
        if let Some(d) = &self.dealing {
            fields.retain(|(name, _)| *name != d.judge);
        }
        let mut at = self.board.fields_before_clock().min(fields.len());
        if self.timed() {
            fields.insert(at, ("Time", clock(self.shown_time_ms() / 1000)));
            at += 1;
        }
        if let Some(moves) = self.board.moves(&self.session) {
            fields.insert(at, ("Moves", moves.to_string()));
        }
        fields
    }

    /// The last thing said; while the journal cannot be written, then the
    /// reminder that the game is not being kept, in every game, whatever
    /// was said before it (a move's news, the program's turn, that the
    /// game was resumed): the player must not take the game for kept.
    fn message(&self) -> String {
        match &self.unsaved {
            None => self.message.clone(),
            Some(_) => said_then(&self.message, UNSAVED),
        }
    }

    fn message_read_whole(&self) -> bool {
        self.read_whole.as_ref() == Some(&self.message)
    }

    fn message_is_refusal(&self) -> bool {
        self.refusal.as_ref() == Some(&self.message)
    }

    fn unopened(&self) -> Option<String> {
        self.unopened.clone()
    }

    fn record_changed(&self) -> Option<String> {
        self.record_changed.clone()
    }

    fn take_notice(&mut self) -> Option<Requester> {
        self.notices.pop_front()
    }

    fn take_question(&mut self) -> Option<Requester> {
        self.question.take()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        self.board.draw(&self.session, s, machine, area);
        if let Some(entry) = &self.selecting {
            entry.draw(s, machine);
        }
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        self.machine = Some(machine.id());
        let intercepted =
            self.replay.is_some() || self.rerun.is_some() || self.dealing.is_some() || self.selecting.is_some();
        if matches!(input, Input::MouseUp { .. }) && intercepted {
            // A card lifted before Select Game's box (or a replay) came
            // over the table by a key goes back rather than stay in hand.
            self.board.cancel_press();
        }
        if self.replay.is_some() {
            return match input {
                Input::Tick { .. } => self.replay_tick(),
                other => self.replay_input(other),
            };
        }
        if self.rerun.is_some() {
            return self.rerun_input(input);
        }
        if self.dealing.is_some() {
            return self.dealing_input(input, machine);
        }
        // The game stands still while Select Game's box is open, as under
        // the window's requesters.
        if self.selecting.is_some() {
            return self.selecting_input(input, machine);
        }
        if let Input::Tick { ms } = *input {
            let before = self.session.elapsed_ms() / 1000;
            let clock_runs =
                self.clock_counts() && !self.awaiting_player && !self.board.paused() && !self.board.boxed();
            if clock_runs && self.tick_hz(machine.id()) > 0 {
                self.session.add_time(u64::from(ms));
                if self.session.elapsed_ms().abs_diff(self.journalled_ms) >= CLOCK_KEPT_EVERY_MS {
                    self.journal();
                }
            }
            let clock_moved = self.session.elapsed_ms() / 1000 != before;
            let board = self.board.input(&self.session, input, machine, area);
            // Time passing (Tetris's falling piece, cards sent home one by
            // one, the program's tiles) does not wipe what the status line
            // says; only what it brings says something new. The turn handed
            // back to the player ends what was said of the opponent's.
            let players_turn = self.board.settled(self.session.state());
            let said = std::mem::take(&mut self.message);
            let response = self.reply(board);
            if self.message.is_empty() && self.board.settled(self.session.state()) == players_turn {
                self.message = said;
            }
            let response = self.count_found_loss().unwrap_or(response);
            self.box_cut_news(machine);
            self.put_said_first(machine);
            return match response {
                Response::Unchanged if clock_moved => Response::Redraw,
                other => other,
            };
        }
        let players = matches!(input, Input::Key { .. } | Input::MouseDown { .. });
        if players {
            self.awaiting_player = false;
            self.take_back_resumed();
            self.take_back_said_first();
        }
        let was_paused = self.board.paused();
        let stops_demo = self.board.demo_running();
        let reply = self.board.input(&self.session, input, machine, area);
        self.pause_switched(was_paused);
        // The player's key or click answered with words is refused; one
        // that only changes the picture (the cursor moved, a card picked
        // up) takes back the refusal before it. One that stopped the demo
        // is answered with news of that ("Solve stopped."), not refused.
        let refuses = players && !stops_demo && matches!(reply, Reply::Say(_) | Reply::Refuse(_));
        if players && matches!(reply, Reply::Redraw) {
            self.take_back_refusal();
        }
        let response = self.reply(reply);
        if refuses {
            self.refusal = Some(self.message.clone());
        }
        self.box_cut_news(machine);
        self.put_said_first(machine);
        response
    }

    /// Undo and Redo's keys where there is nothing to take back or play
    /// again say so, as their dimmed menu items cannot, and so does the
    /// key of a board's command that says why it does nothing (see
    /// `Board::why_not`). While a demo, replay or search for a deal runs
    /// they stay silent, as Undo and Redo do in a game without undo: the
    /// status line is telling of that.
    fn dimmed(&mut self, command: &Command) -> Response {
        let busy = self.replay.is_some() || self.rerun.is_some() || self.dealing.is_some() || self.board.demo_running();
        if busy {
            return Response::Unchanged;
        }
        let why = match command {
            Command::Undo | Command::Redo if !self.board.undoable() => None,
            Command::Undo => Some(NOTHING_TO_UNDO.into()),
            Command::Redo => Some(NOTHING_TO_REDO.into()),
            Command::View(c) => self.board.why_not(&self.session, *c),
            _ => None,
        };
        let Some(why) = why else { return Response::Unchanged };
        self.message = why;
        Response::Redraw
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        if !self.can(command) || self.replay.is_some() {
            return None;
        }
        self.take_back_resumed();
        // Looking at the figures or keeping a copy is not playing on.
        if !matches!(command, Command::Stats | Command::SaveAs) {
            self.awaiting_player = false;
        }
        self.stop_rerun();
        // A command chosen over Select Game's box puts it away.
        self.selecting = None;
        // One that moves the game on or back stops the board's demo first,
        // as a click or a key would, and says so before its own words.
        let demo_stopped = match command {
            Command::View(_) | Command::Options | Command::Stats | Command::SaveAs => None,
            _ => self.board.stop_demo(),
        };
        let before = demo_stopped.map(|_| self.message.clone());
        let response = self.game_command(command)?;
        if let Some(said) = demo_stopped {
            // A command that only asks first (New Game over a game under
            // way) leaves the demo's own words, which no longer hold.
            let own_words = Some(&self.message) != before.as_ref() && !self.message.is_empty();
            self.message = if own_words { format!("{said} {}", self.message) } else { said.into() };
        }
        Some(response)
    }

    fn can(&self, command: &Command) -> bool {
        match command {
            _ if self.replay.is_some() || self.dealing.is_some() => false,
            Command::Undo => undo_applies(&self.board, &self.session),
            Command::Redo => self.session.can_redo() && self.board.undoable(),
            Command::Hint => self.board.hints() && self.session.state().status() == Status::Playing,
            Command::BackToStart => self.board.undoable() && self.session.cursor() > self.session.game_start(),
            Command::ForwardToEnd => self.board.undoable() && self.session.game_end() > self.session.cursor(),
            Command::Replay => self.board.undoable() && self.session.game_end() > self.session.game_start(),
            Command::New | Command::Restart | Command::SaveAs | Command::Stats => true,
            Command::SelectGame => self.numbered(),
            Command::View(c) => self.board.can(&self.session, *c),
            Command::Options => self.board.can(&self.session, OPTIONS),
            _ => false,
        }
    }

    fn answer(&mut self, button: usize) -> Response {
        match std::mem::replace(&mut self.asked, Asked::Nothing) {
            Asked::Board => {
                let reply = self.board.answer(&self.session, button);
                let answered = self.board_box.take();
                if matches!(reply, Reply::Rules(_)) {
                    self.rules_chosen_in = answered;
                }
                self.reply(reply)
            }
            Asked::ConfirmLeave(to) if button == 0 => self.left_for(to),
            Asked::Ended if button == GO_ON => self.left_for(Leaving::NewGame),
            Asked::ConfirmOpen if button == 0 => self.open_offered(),
            Asked::ConfirmOpen if self.back_on_cancel => {
                self.offered = None;
                Response::Command(Command::Close)
            }
            Asked::ConfirmOpen => {
                self.offered = None;
                self.message = "The game in progress goes on.".into();
                Response::Redraw
            }
            Asked::ConfirmRules => match (button, self.rules_waiting.take(), self.rules_chosen_in.take()) {
                (0, Some(variant), _) => self.switch_rules(variant),
                // Cancelled: back to the box the rules were chosen in.
                (_, _, Some(chosen_in)) => self.reply(Reply::Ask(chosen_in)),
                _ => Response::Unchanged,
            },
            Asked::EndedNext(command) if button == GO_ON => self.board_command(command),
            Asked::ScoredLeaving(to) => self.move_on(to),
            Asked::ScoredOpening => self.open_kept(),
            Asked::Stats if button == RESET => self.ask_reset(),
            Asked::ConfirmReset if button == 0 => self.reset_stats(),
            // Cancelled: back to the figures, as they were.
            Asked::ConfirmReset => self.stats(),
            _ => Response::Unchanged,
        }
    }

    fn choose(&mut self, button: usize, choice: usize) -> Response {
        match std::mem::replace(&mut self.asked, Asked::Nothing) {
            Asked::Board => {
                let reply = self.board.choose(&self.session, button, choice);
                let response = self.reply(reply);
                self.keep_prefs();
                response
            }
            _ => Response::Unchanged,
        }
    }

    fn game_id(&self) -> Option<String> {
        Some(self.id())
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn boxed(&self) -> bool {
        self.selecting.is_some() || self.board.boxed()
    }

    fn stops_on_any_click(&self) -> bool {
        self.rerun.is_some() || self.board.demo_running()
    }

    fn tick_hz(&self, machine: MachineId) -> u32 {
        if self.dealing.is_some() {
            return CLOCK_HZ;
        }
        if self.replay.is_some_and(|r| r.paused) {
            return 0;
        }
        self.board.tick_hz(&self.session, machine).unwrap_or(CLOCK_HZ)
    }

    fn pointer(&self, x: i32, y: i32, machine: &Machine, area: Rect) -> Pointer {
        self.board.pointer(&self.session, x, y, machine, area)
    }

    fn traps_right_button(&self, x: i32, y: i32, machine: &Machine, area: Rect) -> bool {
        self.board.traps_right_button(&self.session, x, y, machine, area)
    }

    fn window_screen(&self) -> Option<(u32, u32)> {
        self.board.window_screen()
    }

    fn cancel_press(&mut self) {
        self.board.cancel_press();
    }

    fn machine_switched(&mut self, id: MachineId) {
        self.board.machine_switched(id);
    }

    /// The board's hold (see [`Board::on_focus_lost`]), played as the
    /// player's own move would be; a replay, a rerun or a deal being
    /// looked for is not the player's game yet.
    fn focus_lost(&mut self) -> Response {
        if self.replay.is_some() || self.rerun.is_some() || self.dealing.is_some() {
            return Response::Unchanged;
        }
        let was_paused = self.board.paused();
        match self.board.on_focus_lost(&self.session) {
            Some(m) => self.play(&m),
            None if self.board.paused() != was_paused => Response::Redraw,
            None => Response::Unchanged,
        }
    }

    fn player_acted(&mut self) {
        self.take_back_resumed();
    }

    fn keep_journal(&mut self) {
        self.journal();
    }

    fn close(&mut self) {
        // Closing is no choice of where to stop a replay: the game is kept
        // where the player was when it began.
        if let Some(r) = self.rerun.take() {
            self.go_to(r.from);
        }
        // The scores of a game given up, closed by quitting, are closed
        // all the same: the player asked for the next deal, and finds it.
        match std::mem::replace(&mut self.asked, Asked::Nothing) {
            Asked::ScoredLeaving(to) => {
                self.move_on(to);
            }
            Asked::ScoredOpening => {
                self.open_kept();
            }
            _ => {}
        }
        self.finish_dealing(None);
        // Before the board's box goes with it.
        self.hold_under_box();
        self.board.closing();
        self.journal();
        self.keep_prefs();
    }

    fn took_over(&mut self) {
        self.keep_prefs();
    }

    /// Shown again (a kept game of another game declined over it), the
    /// game is again the one the family opens next: its board, not the
    /// other game's.
    fn uncovered(&mut self) {
        self.keep_prefs();
    }
}
