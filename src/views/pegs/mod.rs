//! Peg solitaire: a board from a .brd file drawn on any machine and played
//! with the mouse, by dragging a stone over its neighbour into an empty
//! slot, or by clicking the stone and then the slot; or from the keyboard,
//! moving a cursor with the arrows and pressing Space on the stone and then
//! on the slot. The host's controller plays, journals and resumes the game.

pub mod chooser;
pub mod journal;
pub mod layout;
pub mod picture;
pub mod records;
pub mod stones;

use std::path::{Path, PathBuf};
use std::sync::mpsc::TryRecvError;

use crate::core::files;
use crate::core::highscores::{Entry, HighScores, login_name};
use crate::core::{Game, Session};
use crate::games::pegs::board::{BoardError, Cell};
use crate::games::pegs::rules::{BoardVariant, Jump, Pegs};
use crate::games::pegs::solver::{self, Verdict};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Command, Input, Key, Machine, MenuItem, Pen, Requester, ViewCommand};

use super::background::{self, Job, THINKING};
use super::board::{Board, Reply, hint_reply, records_trouble};
use journal::JournalBox;
use layout::{BoardLayout, Edge, Letters};
use picture::StoneSet;
use records::ending_text;

/// What a click or key on a finished board is told: no jump is left to
/// pick a stone for, and how to go on (a narrow status line keeps "The
/// game is over.").
const GAME_OVER: &str = "The game is over: New Game starts another, Undo takes jumps back.";

/// The board's own commands.
pub const HIGH_SCORES: ViewCommand = ViewCommand("highscores");
pub const JOURNAL: ViewCommand = ViewCommand("journal");

/// Positions the Hint command may search before giving up. The solver
/// settles most boards' positions in far fewer; the cap keeps a hopeless
/// search on a large board to a moment.
const HINT_LIMIT: u64 = 2_000_000;
/// Positions searched after each jump to warn early that the game can no
/// longer be won; small, so play stays quick.
const CHECK_LIMIT: u64 = 200_000;
/// The largest block drawn: big boards fill the table, small ones do not
/// become clownish.
const MAX_BLOCK: i32 = 64;
/// The warning when the solver proves the position lost and the board
/// can be won from its start: undoing jumps is what helps.
const HOPELESS: &str = "No solution from here: undo some jumps.";
/// The warning when the board cannot be won from its start: there is
/// nothing to undo, and no undoing would help.
const NO_START: &str = "This board has no solution from its start.";
/// The warning when the position is proved lost but the search of the
/// start gave up: whether undoing helps is not known.
const LOST_HERE: &str = "No solution from here.";

/// Whether the board can be won from its start, once searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    Wins,
    Lost,
    /// The search of the start gave up.
    Undecided,
}

/// A stone pressed and perhaps being dragged.
#[derive(Clone, Copy, Debug)]
struct Press {
    from: (usize, usize),
    /// Pointer position minus the stone block's top-left.
    grab: (i32, i32),
    at: (i32, i32),
    moved: bool,
}

/// A winning line known for a position, kept so that following a hint (or
/// asking twice) costs no new search.
#[derive(Clone, Debug)]
struct Plan {
    position: Pegs,
    jumps: Vec<Jump>,
}

pub struct PegsBoard {
    /// The board's display name (its file stem).
    name: String,
    /// Who plays (for the high scores) and where they are kept.
    player: String,
    data_dir: PathBuf,
    selected: Option<(usize, usize)>,
    press: Option<Press>,
    hint: Option<Jump>,
    plan: Option<Plan>,
    /// The keyboard cursor, once a key was used.
    cursor: Option<(usize, usize)>,
    /// The board passed over for this one because it cannot be read, and
    /// this one's file, told of as the board opens.
    passed_over: Option<(BoardError, PathBuf)>,
    /// The Journal box, while it is open over the board.
    journal: Option<JournalBox>,
    /// The hint searched for on a thread of its own, in a window, and the
    /// position it is for.
    thinking: Option<(Pegs, Job<Verdict>)>,
    /// What is known of the board's start, which tells a lost position
    /// whether undoing jumps can help.
    start: Option<Start>,
}

impl PegsBoard {
    /// The view of board `name` for the player whose high scores are kept
    /// in `data_dir`.
    pub fn new(name: &str, data_dir: &Path) -> PegsBoard {
        let player = login_name();
        PegsBoard {
            name: name.to_string(),
            player,
            data_dir: data_dir.to_path_buf(),
            selected: None,
            press: None,
            hint: None,
            plan: None,
            cursor: None,
            passed_over: None,
            journal: None,
            thinking: None,
            start: None,
        }
    }

    /// The board telling as it opens that `passed_over` could not be read
    /// and the board at `played` is played in its place.
    pub fn telling_passed_over(self, passed_over: Option<BoardError>, played: &Path) -> PegsBoard {
        PegsBoard { passed_over: passed_over.map(|e| (e, played.to_path_buf())), ..self }
    }

    /// The status line's sentence and the box telling of the board passed
    /// over: the file and line in short, then in full with what is wrong
    /// and which board is played.
    fn passed_over_notice(&self) -> Option<(String, Requester)> {
        let (e, played) = self.passed_over.as_ref()?;
        let source = Path::new(&e.source);
        let same_name = source.file_stem().is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(&self.name));
        let instead = if same_name { format!("another {} board", self.name) } else { self.name.clone() };
        let said = format!("{}:{} cannot be read: {instead} is played.", files::file_name(source), e.line);
        let lines = vec![format!("{e}."), format!("{} is played instead.", played.display())];
        Some((said, Requester { title: "Board File".into(), lines, buttons: vec!["OK".into()] }))
    }

    /// The board fitted into the content area, leaving room for the
    /// coordinate labels: the row numbers at the side, the column letters
    /// above (kept here) or below (kept by the layout, which knows how far
    /// below the plate's shadow reaches).
    fn layout(st: &Pegs, machine: &Machine, area: Rect) -> BoardLayout {
        let font = machine.look().text_font;
        let label_w = font.text_width("88") as i32 + 8;
        let label_h = font.height() as i32 + 6;
        let margin = (area.w.min(area.h) / 40).max(2);
        let (above, below) = match Letters::of(st.board()).edge {
            Edge::Top => (label_h, label_h / 2),
            Edge::Bottom => (label_h / 2, 0),
        };
        let inner = Rect::from_edges(
            area.x + margin + label_w,
            area.y + margin + above,
            area.right() - margin - label_w,
            area.bottom() - margin - below,
        );
        BoardLayout::fit(st.board(), inner, MAX_BLOCK, Some(font.height() as i32))
    }

    /// Where element (row, col) is drawn in `area` (for scripts and tests
    /// that click like a player).
    pub fn cell_rect(st: &Pegs, machine: &Machine, area: Rect, at: (usize, usize)) -> Rect {
        Self::layout(st, machine, area).rect(at)
    }

    /// The jump the Hint command suggested, while it still applies.
    pub fn hinted(&self) -> Option<Jump> {
        self.hint
    }

    /// The Journal box's title.
    fn journal_title(&self) -> String {
        format!("Journal: {}", self.name)
    }

    /// The rows the Journal box shows on this screen and how many it has
    /// in all, while it is open (for tests).
    pub fn journal_shown(
        &self,
        session: &Session<BoardVariant>,
        machine: &Machine,
        area: Rect,
    ) -> Option<(Vec<String>, usize)> {
        let jumps = records::journal_jumps(session);
        Some(self.journal.as_ref()?.shown(machine, area, &self.journal_title(), &jumps))
    }

    /// The Journal box's outside on this screen, while it is open (for
    /// tests).
    pub fn journal_frame(&self, session: &Session<BoardVariant>, machine: &Machine, area: Rect) -> Option<Rect> {
        let jumps = records::journal_jumps(session);
        Some(self.journal.as_ref()?.frame(machine, area, &self.journal_title(), &jumps))
    }

    /// The slot the keyboard's cursor is on, once a key was used.
    pub fn cursor(&self) -> Option<(usize, usize)> {
        self.cursor
    }

    fn has_stone(st: &Pegs, (row, col): (usize, usize)) -> bool {
        matches!(st.board().cell(row, col), Cell::Slot { stone: Some(_), .. })
    }

    fn is_slot(st: &Pegs, (row, col): (usize, usize)) -> bool {
        matches!(st.board().cell(row, col), Cell::Slot { .. })
    }

    /// Searches the position, remembering a winning line found.
    fn solve(&mut self, st: &Pegs, limit: u64) -> Verdict {
        let verdict = solver::solve(st, Some(limit)).verdict;
        self.keep_plan(st, &verdict);
        verdict
    }

    /// Keeps the winning line a search found from `st`, for the hints and
    /// checks that follow it.
    fn keep_plan(&mut self, st: &Pegs, verdict: &Verdict) {
        if let Verdict::Solvable(jumps) = verdict {
            self.plan = Some(Plan { position: st.clone(), jumps: jumps.clone() });
            // Every position of the game was reached from its start: a
            // win from here is a win from there.
            self.start = Some(Start::Wins);
        }
    }

    /// What a position the solver proved lost is told: to undo jumps
    /// only where that can help, i.e. where the board can be won from its
    /// start. The start is searched once at most, and not at all where
    /// it is the position proved lost.
    fn hopeless(&mut self, session: &Session<BoardVariant>) -> String {
        let start = Pegs::new(session.variant().board.clone());
        let known = if session.state() == &start {
            Start::Lost
        } else {
            *self.start.get_or_insert_with(|| match solver::solve(&start, Some(HINT_LIMIT)).verdict {
                Verdict::Solvable(_) => Start::Wins,
                Verdict::Unsolvable => Start::Lost,
                Verdict::GaveUp | Verdict::TooLarge => Start::Undecided,
            })
        };
        self.start = Some(known);
        match known {
            Start::Wins => HOPELESS,
            Start::Lost => NO_START,
            Start::Undecided => LOST_HERE,
        }
        .into()
    }

    /// A search's verdict as Game > Hint's answer.
    fn hint_of(&mut self, session: &Session<BoardVariant>, verdict: Verdict) -> Result<Jump, String> {
        match verdict {
            Verdict::Solvable(jumps) => jumps.first().copied().ok_or_else(|| "No jump remains.".to_string()),
            Verdict::Unsolvable => Err(self.hopeless(session)),
            Verdict::GaveUp => Err("No hint found quickly.".into()),
            // Making a jump and asking again, which helps a search that gave
            // up, never helps here.
            // (Short, for the Amiga's title bar: the guide says how large.)
            Verdict::TooLarge => Err("Board too large for hints.".into()),
        }
    }

    /// The first jump of a known winning line from `st`.
    fn planned_jump(&self, st: &Pegs) -> Option<Jump> {
        self.plan.as_ref().filter(|p| &p.position == st).and_then(|p| p.jumps.first().copied())
    }

    /// The hint searched for on a thread, once it has come (at a tick),
    /// for the position still shown.
    fn hint_heard(&mut self, session: &Session<BoardVariant>) -> Option<Reply<BoardVariant>> {
        let st = session.state();
        let (position, job) = self.thinking.as_ref()?;
        let verdict = match job.poll() {
            Ok(verdict) => verdict,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Verdict::GaveUp,
        };
        let for_shown = position == st;
        self.thinking = None;
        if !for_shown {
            return None;
        }
        self.keep_plan(st, &verdict);
        let hint = self.hint_of(session, verdict);
        Some(hint_reply(st, hint))
    }

    /// Adds the finished game to the board's high scores; says its place
    /// if it made the table.
    fn record(&self, session: &Session<BoardVariant>) -> Option<String> {
        let mut scores = match HighScores::load(&self.data_dir) {
            Ok(s) => s,
            Err(e) => return Some(format!("The high scores could not be read: {e}")),
        };
        let state = session.state();
        let points = u64::try_from(state.score()).unwrap_or(0);
        let seconds = session.elapsed_ms() / 1000;
        let entry = Entry::new(&self.player, points, seconds, state.stones() as u32);
        let place = scores.add(&session.variant().id, entry)?;
        Some(match scores.save(&self.data_dir) {
            Ok(()) => format!("A new high score: place {} on this board.", place + 1),
            Err(e) => format!("The high score could not be saved: {e}"),
        })
    }

    fn mouse_down(
        &mut self,
        st: &Pegs,
        at: Option<(usize, usize)>,
        x: i32,
        y: i32,
        layout: &BoardLayout,
    ) -> Reply<BoardVariant> {
        match at {
            // A finished board takes no more picks, which only a refusal
            // would follow.
            Some(at) if st.ending().is_some() && Self::is_slot(st, at) => Reply::Say(GAME_OVER.into()),
            Some(at) if Self::has_stone(st, at) => {
                let r = layout.rect(at);
                self.press = Some(Press { from: at, grab: (x - r.x, y - r.y), at: (x, y), moved: false });
                Reply::Unchanged
            }
            Some(to) if Self::is_slot(st, to) => match self.selected {
                Some(from) => Reply::Play(Jump { from, to }),
                None => Reply::Say("Pick a stone first: click it, then the slot it should jump to.".into()),
            },
            _ if self.selected.is_some() => {
                self.selected = None;
                Reply::Redraw
            }
            _ => Reply::Unchanged,
        }
    }

    fn mouse_up(&mut self, press: Press, layout: &BoardLayout) -> Reply<BoardVariant> {
        if !press.moved {
            // A click on a stone picks it, or puts it back down.
            self.selected = if self.selected == Some(press.from) { None } else { Some(press.from) };
            return Reply::Redraw;
        }
        // The drop lands where the dragged stone's centre is.
        let half = layout.block / 2;
        let (cx, cy) = (press.at.0 - press.grab.0 + half, press.at.1 - press.grab.1 + half);
        match layout.hit(cx, cy) {
            Some(to) if to != press.from => Reply::Play(Jump { from: press.from, to }),
            _ => Reply::Redraw,
        }
    }

    /// The arrows move the cursor to the next slot that way; Space or
    /// Return picks the stone under it, or jumps the picked stone there.
    fn key(&mut self, st: &Pegs, key: Key) -> Reply<BoardVariant> {
        let board = st.board();
        // A hidden cursor comes up on the stone a hint framed: the hint
        // was asked for to be followed.
        let hinted = self.hint.map(|j| j.from);
        let start = self.cursor.or(self.selected).or(hinted).unwrap_or_else(|| {
            (0..board.height)
                .flat_map(|r| (0..board.width).map(move |c| (r, c)))
                .find(|&at| Self::is_slot(st, at))
                .unwrap_or((0, 0))
        });
        // Along the row, the next slot that way. Up or down, the next slot
        // straight that way (or half a block aside: a triangle's rows are
        // offset), however far, as along a row, so a ring's hole is
        // crossed; where none lies so, the nearest slot of the next row
        // that has one (the leftmost of two as near), since a cross's
        // arms are narrower and nothing need lie straight above them.
        let half_x = |(r, c): (usize, usize)| 2 * c as i32 + board.shifts.get(r).copied().unwrap_or(0);
        let along = |dc: i32| {
            let columns = std::iter::successors(Some(start.1 as i32 + dc), |c| Some(c + dc));
            let mut slots =
                columns.take_while(|&c| (0..board.width as i32).contains(&c)).map(|c| (start.0, c as usize));
            slots.find(|&at| Self::is_slot(st, at)).unwrap_or(start)
        };
        let across = |dr: i32| {
            let x = half_x(start);
            let rows = std::iter::successors(Some(start.0 as i32 + dr), |r| Some(r + dr));
            let nearest_in = |r: i32| {
                let slots = (0..board.width).map(|c| (r as usize, c)).filter(|&at| Self::is_slot(st, at));
                slots.min_by_key(|&at| ((half_x(at) - x).abs(), at.1))
            };
            let nearest: Vec<_> =
                rows.take_while(|&r| (0..board.height as i32).contains(&r)).filter_map(nearest_in).collect();
            let straight = nearest.iter().find(|&&at| (half_x(at) - x).abs() <= 1);
            straight.or(nearest.first()).copied().unwrap_or(start)
        };
        let first_use = self.cursor.is_none();
        let moved_to = match key {
            // The first key only shows the cursor: no stone is picked
            // unseen. The stone a hint framed has been seen.
            Key::Char(' ') | Key::Enter if first_use && hinted.is_none() => start,
            Key::Left => along(-1),
            Key::Right => along(1),
            Key::Up => across(-1),
            Key::Down => across(1),
            Key::Char(' ') | Key::Enter => {
                self.cursor = Some(start);
                return match self.selected {
                    _ if st.ending().is_some() => Reply::Say(GAME_OVER.into()),
                    Some(from) if from == start => {
                        self.selected = None;
                        Reply::Redraw
                    }
                    Some(from) if !Self::has_stone(st, start) => Reply::Play(Jump { from, to: start }),
                    _ if Self::has_stone(st, start) => {
                        self.selected = Some(start);
                        Reply::Redraw
                    }
                    _ => Reply::Say("Pick a stone first: move to it and press Space.".into()),
                };
            }
            _ => return Reply::Unchanged,
        };
        self.cursor = Some(if first_use { start } else { moved_to });
        Reply::Redraw
    }
}

/// The preference that keeps the board last on the table, which the
/// launcher's Peg Solitaire entry (and `parlour play pegs`) opens again.
pub const LAST_BOARD_PREF: &str = "board";

impl Board<BoardVariant> for PegsBoard {
    fn cancel_press(&mut self) {
        self.press = None;
    }

    /// Reads the high scores as the board opens, to tell of a damaged file.
    /// Tells of the board passed over, then of a damaged high scores file
    /// (read as the board opens): one status line for both (the board
    /// first: a narrow line keeps its first sentence), and one box.
    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        let loaded = HighScores::load_noting(&self.data_dir);
        let told: Vec<(String, Requester)> = self
            .passed_over_notice()
            .into_iter()
            .chain(records_trouble("high scores", "High Scores", &loaded))
            .collect();
        let said = told.iter().map(|(said, _)| said.as_str()).collect::<Vec<_>>().join(" ");
        let boxes = told.into_iter().map(|(_, b)| b).reduce(|mut first, then| {
            first.lines.push(String::new());
            first.lines.extend(then.lines);
            first
        });
        ((!said.is_empty()).then_some(said), boxes)
    }

    fn title(&self) -> String {
        self.name.clone()
    }

    /// Each board keeps its own record.
    fn stats_of(&self, _session: &Session<BoardVariant>) -> String {
        format!("the {} board", self.name)
    }

    fn reset_keeps(&self, _session: &Session<BoardVariant>) -> Option<String> {
        Some("Its high scores are kept.".into())
    }

    fn introduction(&self) -> Option<String> {
        Some(format!("Board: {}.", self.name))
    }

    /// The board on the table is the one Peg Solitaire opens next time,
    /// as Sokoban keeps its level and Scramble its size.
    fn prefs(&self, session: &Session<BoardVariant>) -> Vec<(&'static str, String)> {
        vec![(LAST_BOARD_PREF, session.variant().id.clone())]
    }

    fn menu_items(&self, _session: &Session<BoardVariant>) -> Vec<MenuItem> {
        vec![
            MenuItem::new("Choose Board...", Command::Variants).key('b'),
            MenuItem::new("High Scores...", Command::View(HIGH_SCORES)),
            MenuItem::new("Journal...", Command::View(JOURNAL)).key('j'),
        ]
    }

    fn fields(&self, session: &Session<BoardVariant>) -> Vec<(&'static str, String)> {
        vec![("Score", session.state().score().to_string()), ("Stones", session.state().stones().to_string())]
    }

    fn draw(&self, session: &Session<BoardVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        let look = machine.look();
        if !machine.chrome().draws_felt() {
            s.fill_rect(area, look.paint(Pen::Felt));
        }
        let layout = Self::layout(st, machine, area);
        let stones = StoneSet::new(layout.block);
        let board = st.board();
        let dragged = self.press.filter(|p| p.moved);
        picture::draw_labels(s, look, board, &layout);
        picture::draw_board(s, look, board, &layout, &stones, dragged.map(|p| p.from));
        let marked = self.selected.into_iter().chain(self.hint.into_iter().flat_map(|j| [j.from, j.to]));
        for at in marked {
            picture::frame_block(s, look, layout.rect(at));
        }
        if let Some(at) = self.cursor {
            // Every game's keyboard cursor: a ring of one pixel was lost on
            // the board's wood.
            crate::views::widgets::cursor_frame(s, look, layout.rect(at).inset(-1, -1));
        }
        if let Some(p) = dragged
            && let Cell::Slot { stone: Some(stone), .. } = board.cell(p.from.0, p.from.1)
        {
            let r = Rect::new(p.at.0 - p.grab.0, p.at.1 - p.grab.1, layout.block, layout.block);
            stones.draw(s, stone, r);
        }
        if let Some(journal) = &self.journal {
            journal.draw(s, machine, area, &self.journal_title(), &records::journal_jumps(session));
        }
    }

    fn input(
        &mut self,
        session: &Session<BoardVariant>,
        input: &Input,
        machine: &Machine,
        area: Rect,
    ) -> Reply<BoardVariant> {
        if let Input::Tick { .. } = input
            && let Some(heard) = self.hint_heard(session)
        {
            return heard;
        }
        // The Journal box takes every key and click while it is open.
        let title = self.journal_title();
        if let Some(journal) = &mut self.journal {
            return match journal.input(input, machine, area, &title, &records::journal_jumps(session)) {
                journal::Outcome::Open(redraw) => Reply::Unchanged.or_redraw(redraw),
                journal::Outcome::Closed => {
                    self.journal = None;
                    Reply::Redraw
                }
            };
        }
        let st = session.state();
        let layout = Self::layout(st, machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                let hidden = self.cursor.take().is_some();
                self.mouse_down(st, layout.hit(x, y), x, y, &layout).or_redraw(hidden)
            }
            Input::MouseMove { x, y } => match &mut self.press {
                Some(p) => {
                    p.moved |= crate::views::widgets::dragged(p.at, (x, y));
                    if !p.moved {
                        return Reply::Unchanged;
                    }
                    p.at = (x, y);
                    Reply::Redraw
                }
                None => Reply::Unchanged,
            },
            Input::MouseUp { x, y, button: Button::Left } => match self.press.take() {
                Some(mut p) => {
                    if p.moved {
                        p.at = (x, y);
                    }
                    self.mouse_up(p, &layout)
                }
                None => Reply::Unchanged,
            },
            Input::Key { key: Key::Escape, .. } if self.press.is_some() || self.selected.is_some() => {
                self.press = None;
                self.selected = None;
                Reply::Redraw
            }
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => self.key(st, key),
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<BoardVariant>, command: ViewCommand) -> Reply<BoardVariant> {
        match command {
            HIGH_SCORES => match HighScores::load(&self.data_dir) {
                Ok(scores) => Reply::Ask(records::high_scores_box(&self.name, scores.table(&session.variant().id))),
                Err(e) => Reply::Say(format!("The high scores could not be read: {e}")),
            },
            JOURNAL => {
                self.journal = Some(JournalBox::new());
                Reply::Redraw
            }
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, _session: &Session<BoardVariant>, command: ViewCommand) -> bool {
        matches!(command, HIGH_SCORES | JOURNAL)
    }

    /// The Journal box holds the clock (and the menus) while it is open,
    /// as the window's requesters do.
    fn boxed(&self) -> bool {
        self.journal.is_some()
    }

    fn reset(&mut self) {
        self.selected = None;
        self.press = None;
        self.hint = None;
        // A hint searched for is of the position left.
        self.thinking = None;
    }

    fn moved(&mut self, session: &Session<BoardVariant>) -> Option<String> {
        let st = session.state();
        // Following a known winning line keeps the rest of it.
        self.plan = self.plan.take().and_then(|p| {
            let (first, rest) = p.jumps.split_first()?;
            let mut next = p.position;
            next.apply(first);
            (next == *st).then(|| Plan { position: next, jumps: rest.to_vec() })
        });
        self.standing(session)
    }

    /// A position the solver proves lost stays so until jumps are undone:
    /// said again on resuming, and on stepping to it.
    /// The board as set up is not searched here: that may take a good part
    /// of a second, which opening it or starting it again must not wait
    /// for; its first jump tells of a start with no solution, which is
    /// said again at the start from then on.
    fn standing(&mut self, session: &Session<BoardVariant>) -> Option<String> {
        let st = session.state();
        if session.cursor() == session.game_start() {
            return (self.start == Some(Start::Lost)).then(|| NO_START.into());
        }
        if self.plan.as_ref().is_some_and(|p| &p.position == st) {
            return None;
        }
        match self.solve(st, CHECK_LIMIT) {
            Verdict::Unsolvable => Some(self.hopeless(session)),
            Verdict::Solvable(_) | Verdict::GaveUp | Verdict::TooLarge => None,
        }
    }

    fn hint(&mut self, session: &Session<BoardVariant>) -> Result<Jump, String> {
        let st = session.state();
        if let Some(j) = self.planned_jump(st) {
            return Ok(j);
        }
        let verdict = self.solve(st, HINT_LIMIT);
        self.hint_of(session, verdict)
    }

    /// In a window a search runs on a thread of its own, its answer
    /// coming at a tick (a big board's takes a good part of a second);
    /// elsewhere, and along a known winning line, the hint comes at once.
    fn ask_hint(&mut self, session: &Session<BoardVariant>) -> Reply<BoardVariant> {
        let st = session.state();
        if self.planned_jump(st).is_none() && background::allowed() {
            let position = st.clone();
            let job =
                Job::spawn("hint", move |stop| solver::solve_until(&position, Some(HINT_LIMIT), Some(&*stop)).verdict);
            if let Some(job) = job {
                self.thinking = Some((st.clone(), job));
                return Reply::Say(THINKING.into());
            }
        }
        hint_reply(st, self.hint(session))
    }

    fn show_hint(&mut self, _session: &Session<BoardVariant>, m: &Jump) {
        self.hint = Some(*m);
        self.selected = None;
        // A keyboard player's cursor goes to the stone that jumps.
        if self.cursor.is_some() {
            self.cursor = Some(m.from);
        }
    }

    fn ending(&self, session: &Session<BoardVariant>) -> String {
        session.state().ending().map_or_else(String::new, ending_text)
    }

    fn after_the_end(&self, session: &Session<BoardVariant>) -> Option<String> {
        session.state().ending().map(|_| GAME_OVER.into())
    }

    fn finished(&mut self, session: &Session<BoardVariant>) -> Vec<String> {
        let mut lines = vec![format!("Score: {}", session.state().score())];
        lines.extend(self.record(session));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pegs::board::{MAX_COLUMNS, MAX_ROWS};
    use crate::machines::{MachineChoice, MachineId};

    /// A board played in place of one that cannot be read says so as it
    /// opens: the file and line in the status line, what is wrong and the
    /// board played in a box.
    #[test]
    fn a_board_passed_over_is_told_of_as_the_board_opens() {
        let dir = tempfile::tempdir().unwrap();
        let e = BoardError { source: "/me/boards/English.brd".into(), line: 4, message: "this row is short".into() };
        let played = Path::new("/built-in/boards/English.brd");
        let mut board = PegsBoard::new("English", dir.path()).telling_passed_over(Some(e.clone()), played);
        let (said, told) = board.opening_notice();
        assert_eq!(said.unwrap(), "English.brd:4 cannot be read: another English board is played.");
        let told = told.unwrap();
        assert_eq!(
            told.lines,
            ["/me/boards/English.brd:4: this row is short.", "/built-in/boards/English.brd is played instead."]
        );
        let mut other = PegsBoard::new("Arch", dir.path()).telling_passed_over(Some(e), played);
        assert_eq!(other.opening_notice().0.unwrap(), "English.brd:4 cannot be read: Arch is played.");
        assert_eq!(PegsBoard::new("English", dir.path()).opening_notice(), (None, None));
    }

    /// Jumps name a triangle's slots by column letter too (`d5-b3`), so the
    /// letters are drawn on every machine: each right under its stone of
    /// the base row, clear of the plate and its shadow, inside the table.
    #[test]
    fn a_triangle_has_its_column_letters_under_its_base() {
        let text = "Version 2\nMode: Diagonal\n....g * * * *\n...g g * * *\n..g e g * *\n.g y y g *\ng g g g g\n";
        let board = crate::games::pegs::board::Board::parse("t.brd", text.as_bytes()).unwrap();
        let pegs = Pegs::new(board);
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let (area, font) = (m.content(), m.look().text_font);
            let fh = font.height() as i32;
            let layout = PegsBoard::layout(&pegs, &m, area);
            assert!(layout.block >= fh + 4, "{}: blocks of {} are too small for labels", id.name(), layout.block);
            assert_eq!(layout.letters().columns, [0, 1, 2, 3, 4], "{}", id.name());
            let plate = |r: Rect| {
                let border = (layout.block / 6).max(1);
                let drop = (layout.block / 12).max(1);
                Rect::from_edges(r.x - border, r.y - border, r.right() + border + drop, r.bottom() + border + drop)
            };
            let mut surface = m.new_surface();
            surface.fill_rect(area, m.look().paint(Pen::Felt));
            let felt = surface.get(area.x, area.y);
            picture::draw_labels(&mut surface, m.look(), pegs.board(), &layout);
            for col in 0..5 {
                let b = layout.letter_box(col, fh);
                let stone = layout.rect((4, col));
                assert_eq!((b.x, b.w), (stone.x, stone.w), "{}: {} under its base stone", id.name(), col);
                // The one-bit screens' white patch reaches a pixel past the text.
                let patch = b.inset(-2, -1);
                assert!(area.contains(patch.x, patch.y) && area.contains(patch.right() - 1, patch.bottom() - 1));
                for r in 0..5 {
                    for c in 0..=r {
                        assert!(
                            plate(layout.rect((r, c))).intersect(&patch).is_empty(),
                            "{}: letter {col} on the plate",
                            id.name()
                        );
                    }
                }
                let inked = (b.y..b.bottom()).any(|y| (b.x..b.right()).any(|x| surface.get(x, y) != felt));
                assert!(inked, "{}: no letter drawn for column {col}", id.name());
            }
        }
    }

    /// The largest board the reader takes, every element a slot.
    fn largest() -> Pegs {
        let row = "y".repeat(MAX_COLUMNS - 1) + "e\n";
        let text = format!("Version 2\nMode: Normal\n{}", row.repeat(MAX_ROWS));
        Pegs::new(crate::games::pegs::board::Board::parse("big.brd", text.as_bytes()).unwrap())
    }

    /// The largest board lies whole inside the table on every machine,
    /// with blocks of at least 8 pixels (the Amiga's PAL screen and the
    /// Mac SE/30's; stones of 6): what lets the limits say every screen
    /// shows it.
    #[test]
    fn the_largest_board_is_shown_on_every_machine() {
        let pegs = largest();
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let area = m.content();
            let first = PegsBoard::cell_rect(&pegs, &m, area, (0, 0));
            let last = PegsBoard::cell_rect(&pegs, &m, area, (MAX_ROWS - 1, MAX_COLUMNS - 1));
            assert!(first.w >= 8, "{}: blocks of {} pixels", id.name(), first.w);
            assert!(
                area.contains(first.x, first.y) && area.contains(last.right() - 1, last.bottom() - 1),
                "{}",
                id.name()
            );
        }
    }

    /// The largest board has its coordinates on every machine: where its
    /// blocks are too small for a label each, every other row and column
    /// is labelled, from a and 1.
    #[test]
    fn the_largest_board_is_labelled_on_every_machine() {
        let pegs = largest();
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let (area, fh) = (m.content(), m.look().text_font.height() as i32);
            let layout = PegsBoard::layout(&pegs, &m, area);
            let mut s = m.new_surface();
            s.fill_rect(area, m.look().paint(Pen::Felt));
            let felt = s.get(area.x, area.y);
            picture::draw_labels(&mut s, m.look(), pegs.board(), &layout);
            let inked = |r: Rect| (r.y..r.bottom()).any(|y| (r.x..r.right()).any(|x| s.get(x, y) != felt));
            assert!(inked(layout.letter_box(0, fh)), "{}: no letter a", id.name());
            let first = layout.rect((0, 0));
            assert!(inked(Rect::from_edges(area.x, first.y, first.x, first.bottom())), "{}: no 1", id.name());
            let third = layout.rect((2, 0));
            assert!(inked(Rect::from_edges(area.x, third.y, third.x, third.bottom())), "{}: no 3", id.name());
            assert!(inked(layout.letter_box(2, fh)), "{}: no letter c", id.name());
        }
    }

    /// A board of more than the solver's 128 slots has no hint, and says
    /// so, rather than that none was found quickly (which a jump or two
    /// would never change).
    #[test]
    fn a_board_too_large_for_the_solver_says_so_when_asked_for_a_hint() {
        let dir = tempfile::tempdir().unwrap();
        let pegs = largest();
        let variant = BoardVariant::new("pegs/big", b"big", pegs.board().clone());
        let session = Session::new(variant, 0);
        let mut board = PegsBoard::new("big", dir.path());
        assert_eq!(board.hint(&session), Err("Board too large for hints.".to_string()));
        assert_eq!(board.moved(&session), None);
    }
}
