//! Sokoban on any machine: the arrow keys step the pusher (it is the
//! keyboard's cursor), a click on a floor square walks it there by the
//! shortest way, and a click on a box beside it pushes that box. The
//! Game menu adds the level chooser, the next and previous levels, the
//! best results and a replay of the best solution known. The host's
//! controller plays, journals and resumes each level.
//!
//! A level is drawn as large as its area allows, but never with squares
//! smaller than the art can tell apart: a level too big for that is
//! scrolled to keep the pusher in sight. In a window a hint is searched
//! for on a thread of its own, so the window (and its clock) goes on
//! meanwhile, and anything the player does stops it.

pub mod art;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::TryRecvError;

use crate::core::{Action, GameStats, Mark, Session, plural};
use crate::games::sokoban::level::{LeftOut, Part};
use crate::games::sokoban::library::split_id;
use crate::games::sokoban::records::{Best, Records};
use crate::games::sokoban::rules::{Dir, LevelVariant, Path as Walk, Sokoban, parse_lurd};
use crate::games::sokoban::solver::{self, Verdict};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Command, Input, Key, Machine, MachineId, MenuItem, Pen, Requester, ViewCommand};
use crate::views::widgets;

use super::background::{self, Job, THINKING};
use super::board::{AfterRestart, Board, Reply, hint_reply, records_trouble};
use art::{Tile, tile_art};

/// The board's own commands.
pub const NEXT_LEVEL: ViewCommand = ViewCommand("next-level");
pub const PREVIOUS_LEVEL: ViewCommand = ViewCommand("previous-level");
pub const SHOW_SOLUTION: ViewCommand = ViewCommand("show-solution");
pub const BEST_RESULTS: ViewCommand = ViewCommand("best-results");
pub const FILE_PROBLEMS: ViewCommand = ViewCommand("file-problems");
/// The Game menu's items that go on from a level, as named where a
/// solved level says how to go on.
const NEXT_LEVEL_ITEM: &str = "Next Level";
const CHOOSE_LEVEL_ITEM: &str = "Choose Level...";
/// What Next Level's and Previous Level's keys say where there is no
/// level to go to (each short enough for the Amiga PAL's title bar).
const LAST_LEVEL: &str = "This is the set's last level.";
const FIRST_LEVEL: &str = "This is the set's first level.";
/// Show Solution's second half, once the level has restarted: its steps
/// are queued to play one a tick.
const PLAY_SOLUTION: ViewCommand = ViewCommand("play-solution");

/// The preference that keeps the level last on the table, which the
/// launcher's entry comes back to.
pub const LAST_LEVEL_PREF: &str = "level";

/// The largest square drawn, so small levels do not become clownish.
const MAX_CELL: i32 = 40;
/// The smallest: a level that does not fit at this size is scrolled.
const MIN_CELL: i32 = art::MIN_SIZE as i32;
/// Positions a hint may search.
const HINT_LIMIT: u64 = 50_000;
/// Steps a second when a solution is shown.
const SHOW_HZ: u32 = 8;

/// One kind of what a set left out (its levels, or their solutions), as
/// the status line words it.
struct LeftOutKind {
    /// "Levels 1, 2", "The solution of level 4".
    named: String,
    /// "2 levels", "1 solution".
    counted: String,
    /// Their lines in the file: "9, 31".
    lines: String,
}

/// Where a level is in its set, for the next and previous levels.
#[derive(Clone, Debug)]
pub struct Place {
    /// The set's file.
    pub path: PathBuf,
    /// This level's number (from 1).
    pub number: usize,
    /// The numbers of the set's good levels.
    pub good: Arc<[usize]>,
    /// The set's broken levels and solutions left out, which the board
    /// names as it opens.
    pub left_out: Arc<[LeftOut]>,
}

impl Place {
    /// The status line's word on what of the set was left out, if
    /// anything: which levels, then which levels' solutions, with the
    /// file and lines, short enough for a narrow status line (Problems in
    /// File... says why). Where the level played lost its solution, the
    /// solutions come first: a status line too narrow for both keeps the
    /// word on the level the player is on. Where both were left out, the
    /// first sentence counts the other kind too ("Levels 1, 2 and 3
    /// solutions left out: ..."), since a narrow line keeps only the
    /// words before its colon.
    fn left_out_note(&self) -> Option<String> {
        let file = self.path.file_name().unwrap_or(self.path.as_os_str()).to_string_lossy();
        let mut said: Vec<LeftOutKind> =
            [Part::Level, Part::Solution].into_iter().filter_map(|part| self.left_out_of(part)).collect();
        if self.left_out.iter().any(|l| l.part == Part::Solution && l.number == self.number) {
            said.reverse();
        }
        match said.as_slice() {
            [] => None,
            [only] => Some(format!("{} left out: {file}:{}.", only.named, only.lines)),
            [first, second, ..] => Some(format!(
                "{} and {} left out: {file}:{}. {}: {file}:{}.",
                first.named, second.counted, first.lines, second.named, second.lines
            )),
        }
    }

    /// The levels or solutions (`part`) left out, as [`Place::left_out_note`]
    /// words them, if any were.
    fn left_out_of(&self, part: Part) -> Option<LeftOutKind> {
        let items: Vec<&LeftOut> = self.left_out.iter().filter(|l| l.part == part).collect();
        let joined = |item: fn(&LeftOut) -> String| items.iter().map(|&l| item(l)).collect::<Vec<_>>().join(", ");
        let numbers = joined(|l| l.number.to_string());
        let (named, counted) = match (part, items.len()) {
            (_, 0) => return None,
            (Part::Level, 1) => (format!("Level {numbers}"), "1 level".to_string()),
            (Part::Level, n) => (format!("Levels {numbers}"), format!("{n} levels")),
            (Part::Solution, 1) => (format!("The solution of level {numbers}"), "1 solution".to_string()),
            (Part::Solution, n) => (format!("The solutions of levels {numbers}"), format!("{n} solutions")),
        };
        Some(LeftOutKind { named, counted, lines: joined(|l| l.problem.line.to_string()) })
    }

    /// The box that says why each broken level or solution was left out,
    /// from the `shown`th on, a few at a time: the file (its whole path
    /// from the root, to find it by, even where it was opened by a path
    /// from the current folder), then a line for each.
    fn left_out_box(&self, shown: usize) -> Requester {
        let full = self.path.canonicalize().or_else(|_| std::path::absolute(&self.path));
        let file = full.as_deref().unwrap_or(&self.path).display().to_string();
        let problems: Vec<String> = self
            .left_out
            .iter()
            .map(|l| format!("Level {}, line {}: {}.", l.number, l.problem.line, l.problem.said()))
            .collect();
        widgets::problems_box("Problems in File", &file, &problems, shown)
    }
}

/// How many of a set's good levels (numbers `good` of the set `set_id`)
/// the records hold a solution of, as the statistics box, the launcher
/// and `parlour stats` say it: ("Levels solved", "3 of 24").
pub fn levels_solved(records: &Records, set_id: &str, good: &[usize]) -> (String, String) {
    let solved = good.iter().filter(|&&n| records.best(&format!("{set_id}/{n}")).is_some()).count();
    ("Levels solved".into(), format!("{solved} of {}", good.len()))
}

/// Where a level's squares are drawn in an area: their size and the
/// level's top-left corner (outside the area where it is scrolled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    cell: i32,
    x0: i32,
    y0: i32,
}

impl Layout {
    /// The layout of `st` in `area`: squares as large as fit (with a
    /// margin), between [`MIN_CELL`] and [`MAX_CELL`]; a level that does
    /// not fit at the smallest is scrolled, on each axis it overflows, to
    /// keep square `focus` (the pusher, or a hint's can) in the middle as
    /// far as the level's edges allow.
    fn of(st: &Sokoban, area: Rect, focus: usize) -> Layout {
        let level = st.level();
        let margin = (area.w.min(area.h) / 40).max(2);
        let (w, h) = (level.width as i32, level.height as i32);
        let cell = ((area.w - 2 * margin) / w).min((area.h - 2 * margin) / h).clamp(MIN_CELL, MAX_CELL);
        let (fx, fy) = ((focus % level.width) as i32, (focus / level.width) as i32);
        Layout {
            cell,
            x0: start(area.x, area.w, w * cell, fx * cell + cell / 2),
            y0: start(area.y, area.h, h * cell, fy * cell + cell / 2),
        }
    }

    /// Where square `at` of a level `width` squares wide is drawn.
    fn square(&self, width: usize, at: usize) -> Rect {
        let (x, y) = ((at % width) as i32, (at / width) as i32);
        Rect::new(self.x0 + x * self.cell, self.y0 + y * self.cell, self.cell, self.cell)
    }
}

/// Where a row (or column) of squares `length` pixels long starts in the
/// `room` pixels from `from`: centred where it fits, else placed to bring
/// `focus` (pixels into it) to the middle, but never leaving room at
/// either end.
fn start(from: i32, room: i32, length: i32, focus: i32) -> i32 {
    if length <= room {
        from + (room - length) / 2
    } else {
        (from + room / 2 - focus).clamp(from + room - length, from)
    }
}

/// The hint for `st`: the walk to the next push of a solution found best
/// first, or why there is none. `start` is the level's start where no
/// solution of it is known (see [`lost_here`]). A raised `stop` cuts the
/// search short.
fn search_hint(st: &Sokoban, start: Option<&Sokoban>, stop: Option<Arc<AtomicBool>>) -> Result<Walk, String> {
    let limits = solver::Limits { cancel: stop, ..solver::Limits::positions(HINT_LIMIT) };
    match solver::solve_quickly(st, &limits).verdict {
        Verdict::Solved { lurd, .. } => Ok(Walk(solver::first_push(&lurd))),
        Verdict::Unsolvable => Err(lost_here(st, start, &limits)),
        Verdict::GaveUp(_) => Err("No hint found quickly.".into()),
    }
}

/// What a position proved lost is told: to undo moves only where that
/// can help, i.e. where the level can be solved from its start. `start`
/// is None where a solution of the level is known (the file's or the
/// player's), else it is searched, unless it is the position itself.
fn lost_here(st: &Sokoban, start: Option<&Sokoban>, limits: &solver::Limits) -> String {
    let verdict = match start {
        None => return UNDO.into(),
        Some(start) if start == st => Verdict::Unsolvable,
        Some(start) => solver::solve_quickly(start, limits).verdict,
    };
    match verdict {
        Verdict::Solved { .. } => UNDO,
        Verdict::Unsolvable => NO_START,
        Verdict::GaveUp(_) => "No solution from here.",
    }
    .into()
}

/// Said of a position proved lost where the level can be solved from its
/// start.
const UNDO: &str = "No solution from here: undo some moves.";
/// Said where the level cannot be solved from its start: there may be
/// no move to undo, and no undoing would help.
const NO_START: &str = "This level has no solution from its start.";

/// Said after every move while a can lies where it can never reach a
/// goal; its first clause is what the narrowest title bar keeps.
const STUCK: &str = "A can is stuck off the goals: undo some moves.";
/// Said instead where a can is stuck so at the level's start: no move of
/// the player's put it there.
const STUCK_FROM_START: &str = "This level has no solution from its start: a can is stuck off the goals.";

pub struct SokobanBoard {
    /// "Parlour 3: Pantry".
    title: String,
    place: Place,
    data_dir: PathBuf,
    /// A hinted push: the box's square and where it goes.
    hint: Option<(usize, usize)>,
    /// The steps still to play while a solution is shown.
    showing: Vec<Dir>,
    /// The last step played was one of a solution being shown.
    shown_step: bool,
    /// What the board has to tell the player as it opens (see
    /// [`Board::opening_notice`]).
    opening: (Option<String>, Option<Requester>),
    /// The search for a hint under way on a thread of its own (in a
    /// window); dropping it stops it.
    thinking: Option<Job<Result<Walk, String>>>,
    /// The records as read when the board opened and as kept since: the
    /// menus ask of them at every redraw, which must not read the file.
    records: Records,
    /// How many problems the Problems in File box open shows before its
    /// own; None while no such box is open.
    problems_shown: Option<usize>,
}

impl SokobanBoard {
    /// The board of the level at `place`. It reads the records as it
    /// opens (before anything else does: the launcher and the chooser only
    /// look), so that it can tell of a damaged file, with the set's levels
    /// left out.
    pub fn new(title: &str, place: Place, data_dir: &Path) -> SokobanBoard {
        let loaded = Records::load_noting(data_dir);
        let trouble = records_trouble("records", "Sokoban Records", &loaded);
        let records = loaded.map(|l| l.value).unwrap_or_default();
        // One status line for all (the records first: a narrow line keeps
        // its first sentence); the box tells of the records in full, and
        // Problems in File... of the levels.
        let said: Vec<String> = trouble.iter().map(|(status, _)| status.clone()).chain(place.left_out_note()).collect();
        let opening = ((!said.is_empty()).then(|| said.join(" ")), trouble.map(|(_, full)| full));
        SokobanBoard {
            title: title.to_string(),
            place,
            data_dir: data_dir.to_path_buf(),
            hint: None,
            showing: Vec::new(),
            shown_step: false,
            opening,
            thinking: None,
            records,
            problems_shown: None,
        }
    }

    /// Where square `at` of `st` is drawn in `area` (for scripts and tests
    /// that click like a player); it may lie outside `area` where the
    /// level is scrolled.
    pub fn square_rect(st: &Sokoban, area: Rect, at: usize) -> Rect {
        Layout::of(st, area, st.player()).square(st.level().width, at)
    }

    /// The layout of `st` in `area` as drawn: following the pusher, or
    /// while a hint is shown its can, which may lie out of the pusher's
    /// sight on a scrolled level.
    fn layout(&self, st: &Sokoban, area: Rect) -> Layout {
        Layout::of(st, area, self.hint.map_or(st.player(), |(can, _)| can))
    }

    /// The square under (x, y), if it is a square of the level shown in
    /// `area`.
    fn hit(&self, st: &Sokoban, area: Rect, x: i32, y: i32) -> Option<usize> {
        if !area.contains(x, y) {
            return None;
        }
        let (level, layout) = (st.level(), self.layout(st, area));
        let (cx, cy) = ((x - layout.x0).div_euclid(layout.cell), (y - layout.y0).div_euclid(layout.cell));
        ((0..level.width as i32).contains(&cx) && (0..level.height as i32).contains(&cy))
            .then(|| cy as usize * level.width + cx as usize)
    }

    /// Stops what the board does by itself (a solution being shown, a
    /// hint being searched for), as anything the player does must: what
    /// the status line says of it, if something was stopped.
    fn interrupt(&mut self) -> Option<&'static str> {
        let hint = self.thinking.take().map(|_| "The hint was stopped.");
        Board::stop_demo(self).or(hint)
    }

    /// The hint searched for on a thread, once it has come (at a tick).
    fn hint_heard(&mut self, st: &Sokoban) -> Option<Reply<LevelVariant>> {
        let found = match self.thinking.as_ref()?.poll() {
            Ok(found) => found,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err("No hint found quickly.".into()),
        };
        self.thinking = None;
        Some(hint_reply(st, found))
    }

    /// The target of the level `offset` good levels away, if there is one.
    fn level_target(&self, offset: isize) -> Option<String> {
        let i = self.place.good.iter().position(|&n| n == self.place.number)?;
        let n = *self.place.good.get(i.checked_add_signed(offset)?)?;
        Some(format!("{}:{n}", self.place.path.display()))
    }

    /// The best solution known for the level: the player's, else the
    /// level file's.
    fn known_solution(&self, session: &Session<LevelVariant>) -> Option<String> {
        let best = self.records.best(&session.variant().id);
        best.map(|b| b.lurd.clone()).or_else(|| session.variant().level.solution.clone())
    }

    /// The steps of the best solution known, to be shown.
    fn solution_steps(&self, session: &Session<LevelVariant>) -> Option<Vec<Dir>> {
        self.known_solution(session).and_then(|lurd| parse_lurd(&lurd).ok())
    }

    /// The LURD of the game at the cursor, from its start.
    fn line(session: &Session<LevelVariant>) -> String {
        session.steps()[session.game_start() + 1..=session.cursor()]
            .iter()
            .filter_map(|s| match &s.action {
                Action::Move(text) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    fn click(&mut self, st: &Sokoban, at: usize) -> Reply<LevelVariant> {
        if at == st.player() {
            return Reply::Unchanged;
        }
        if st.has_box(at) {
            // A box beside the pusher is pushed away from it.
            return match Dir::ALL.into_iter().find(|d| st.level().neighbour(st.player(), d.delta()) == Some(at)) {
                Some(d) => Reply::Play(Walk(vec![d])),
                None => Reply::Refuse("Walk up to a can to push it.".into()),
            };
        }
        match st.walk_to(at) {
            Some(path) if !path.is_empty() => Reply::Play(Walk(path)),
            _ if st.level().is_inside(at) => Reply::Refuse("The pusher cannot get there.".into()),
            _ => Reply::Unchanged,
        }
    }

    /// What a step or a click on a solved level is told: that it is
    /// solved, and how to go on, naming the Game menu's items as it shows
    /// them: the next level where the set has one, else the chooser.
    fn how_to_go_on(&self) -> String {
        let other = if self.level_target(1).is_some() { NEXT_LEVEL_ITEM } else { CHOOSE_LEVEL_ITEM };
        format!("Solved: {other} or Restart.")
    }

    fn best_box(&self, session: &Session<LevelVariant>) -> Requester {
        // Short lines: a requester on a 320-pixel screen holds about 36
        // characters. The level's name is a line, not part of the title,
        // which does not wrap: "Best Results: Parlour 14: Potting..."
        let mut lines = vec![self.title.clone()];
        lines.push(match self.records.best(&session.variant().id) {
            Some(b) => format!(
                "Your best: {}, {}.",
                plural(b.moves as u64, "move", "moves"),
                plural(b.pushes as u64, "push", "pushes")
            ),
            None => "Not solved yet.".into(),
        });
        if let Some(lurd) = &session.variant().level.solution {
            let pushes = lurd.chars().filter(char::is_ascii_uppercase).count();
            lines.push(format!(
                "Level file: {}, {}.",
                plural(lurd.len() as u64, "move", "moves"),
                plural(pushes as u64, "push", "pushes")
            ));
        }
        Requester { title: "Best Results".into(), lines, buttons: vec!["OK".into()] }
    }
}

impl Board<LevelVariant> for SokobanBoard {
    /// The solution being shown stops for a command chosen while it plays
    /// (Undo, Restart), as it stops at a key.
    fn stop_demo(&mut self) -> Option<&'static str> {
        (!std::mem::take(&mut self.showing).is_empty()).then_some("The solution was stopped.")
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        std::mem::take(&mut self.opening)
    }

    fn prefs(&self, session: &Session<LevelVariant>) -> Vec<(&'static str, String)> {
        vec![(LAST_LEVEL_PREF, session.variant().id.clone())]
    }

    fn menu_items(&self, session: &Session<LevelVariant>) -> Vec<MenuItem> {
        vec![
            MenuItem::new(CHOOSE_LEVEL_ITEM, Command::Variants).key('b'),
            MenuItem::new(NEXT_LEVEL_ITEM, Command::View(NEXT_LEVEL)).key('j').enabled(self.can(session, NEXT_LEVEL)),
            MenuItem::new("Previous Level", Command::View(PREVIOUS_LEVEL))
                .key('k')
                .enabled(self.can(session, PREVIOUS_LEVEL)),
            MenuItem::new("Show Solution", Command::View(SHOW_SOLUTION)).enabled(self.can(session, SHOW_SOLUTION)),
            MenuItem::new("Best Results...", Command::View(BEST_RESULTS)),
            MenuItem::new("Problems in File...", Command::View(FILE_PROBLEMS))
                .enabled(self.can(session, FILE_PROBLEMS)),
        ]
    }

    /// Each level keeps its own figures, and a solved level goes on to
    /// the next, still at nought: the set's count says how far the player
    /// has come.
    fn stats_lines(&self, session: &Session<LevelVariant>, _stats: &GameStats) -> Vec<String> {
        let Some((set, _)) = split_id(&session.variant().id) else { return Vec::new() };
        let (name, figure) = levels_solved(&self.records, set, &self.place.good);
        vec![format!("{name}: {figure}")]
    }

    /// Each level keeps its own record; the levels solved are Best
    /// Results', which Reset leaves.
    fn stats_of(&self, _session: &Session<LevelVariant>) -> String {
        format!("level {}", self.title)
    }

    fn reset_keeps(&self, _session: &Session<LevelVariant>) -> Option<String> {
        Some("Best Results and levels solved are kept.".into())
    }

    /// The level's best result, kept by Reset, as Best Results says it.
    fn best_kept(&self, session: &Session<LevelVariant>) -> Option<String> {
        let b = self.records.best(&session.variant().id)?;
        Some(format!(
            "Best: {}, {}",
            plural(b.moves as u64, "move", "moves"),
            plural(b.pushes as u64, "push", "pushes")
        ))
    }

    fn fields(&self, session: &Session<LevelVariant>) -> Vec<(&'static str, String)> {
        let st = session.state();
        // The score is the boxes home, of all of them. The level comes
        // before the pushes: where the line is too short for every figure
        // (the Amiga PAL's title bar), the last gives way, and which level
        // is on the table matters more.
        vec![
            ("Score", format!("{}/{}", st.boxes_home(), st.level().goal_count())),
            ("Level", self.place.number.to_string()),
            ("Pushes", st.pushes().to_string()),
        ]
    }

    fn draw(&self, session: &Session<LevelVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        let level = st.level();
        let look = machine.look();
        if !machine.chrome().draws_felt() {
            s.fill_rect(area, look.paint(Pen::Felt));
        }
        // A scrolled level's squares beyond the area are never drawn over
        // the status line or the menus.
        let clip = s.set_clip(area.intersect(&s.clip()));
        let layout = self.layout(st, area);
        let size = layout.cell as u32;
        let tiles = Tile::ALL;
        let arts: Vec<_> = tiles.iter().map(|&t| tile_art(t, size)).collect();
        let art = |t: Tile| &arts[tiles.iter().position(|&x| x == t).expect("every tile is painted")];
        for at in 0..level.width * level.height {
            let r = layout.square(level.width, at);
            if r.intersect(&area).is_empty() {
                continue;
            }
            let goal = level.is_goal(at);
            let tile = if level.is_wall(at) {
                Tile::Wall
            } else if !level.is_inside(at) && !st.has_box(at) {
                continue;
            } else if st.has_box(at) {
                Tile::Can(goal)
            } else if at == st.player() {
                Tile::Pusher(goal)
            } else if goal {
                Tile::Goal
            } else {
                Tile::Floor
            };
            s.draw_art(art(tile), r.x, r.y);
        }
        if let Some((from, to)) = self.hint {
            for at in [from, to] {
                let r = layout.square(level.width, at);
                s.frame_rect(r, look.paint(Pen::Highlight));
                s.frame_rect(r.inset(1, 1), look.paint(Pen::Highlight));
            }
        }
        s.set_clip(clip);
    }

    fn input(
        &mut self,
        session: &Session<LevelVariant>,
        input: &Input,
        _machine: &Machine,
        area: Rect,
    ) -> Reply<LevelVariant> {
        let st = session.state();
        if let Input::Tick { .. } = input {
            if let Some(heard) = self.hint_heard(st) {
                return heard;
            }
            if self.showing.is_empty() {
                return Reply::Unchanged;
            }
            let d = self.showing.remove(0);
            return if st.probe(d).is_ok() {
                self.shown_step = true;
                // The step that solves the level marks the game as played
                // for the player, as Solve marks a card game: the journal
                // keeps that, so it comes back saying so.
                let mut after = st.clone();
                let solves = after.step(d).is_ok() && after.is_solved();
                if solves { Reply::PlayFor(Walk(vec![d])) } else { Reply::Play(Walk(vec![d])) }
            } else {
                self.showing.clear();
                Reply::Say("That solution does not fit here.".into())
            };
        }
        if matches!(input, Input::MouseMove { .. } | Input::MouseUp { .. }) {
            return Reply::Unchanged;
        }
        // Anything the player does stops what the board does by itself.
        let stopped = self.interrupt();
        self.shown_step = false;
        let reply = match *input {
            Input::MouseDown { x, y, button: Button::Left } => match self.hit(st, area, x, y) {
                Some(at) => self.click(st, at),
                None => Reply::Unchanged,
            },
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => match key {
                Key::Left => Reply::Play(Walk(vec![Dir::Left])),
                Key::Up => Reply::Play(Walk(vec![Dir::Up])),
                Key::Right => Reply::Play(Walk(vec![Dir::Right])),
                Key::Down => Reply::Play(Walk(vec![Dir::Down])),
                _ => Reply::Unchanged,
            },
            _ => Reply::Unchanged,
        };
        match (reply, stopped) {
            // A solved level takes no more moves (its rules refuse them):
            // a step or a click on it is told how to go on instead.
            (Reply::Play(_) | Reply::Say(_) | Reply::Refuse(_), _) if st.is_solved() => Reply::Say(self.how_to_go_on()),
            (Reply::Unchanged, Some(said)) => Reply::Say(said.into()),
            (reply, _) => reply,
        }
    }

    /// More in Problems in File shows the next problems.
    fn answer(&mut self, _session: &Session<LevelVariant>, button: usize) -> Reply<LevelVariant> {
        match self.problems_shown.take() {
            Some(shown) if widgets::asks_more(&self.place.left_out_box(shown), button) => {
                let next = shown + widgets::PROBLEMS_A_BOX;
                self.problems_shown = Some(next);
                Reply::Ask(self.place.left_out_box(next))
            }
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<LevelVariant>, command: ViewCommand) -> Reply<LevelVariant> {
        // Any other box is answered by its own buttons, not More's.
        self.problems_shown = None;
        match command {
            NEXT_LEVEL => self.level_target(1).map_or(Reply::Unchanged, |t| Reply::Command(Command::Play(t))),
            PREVIOUS_LEVEL => self.level_target(-1).map_or(Reply::Unchanged, |t| Reply::Command(Command::Play(t))),
            BEST_RESULTS => Reply::Ask(self.best_box(session)),
            FILE_PROBLEMS => {
                self.problems_shown = Some(0);
                Reply::Ask(self.place.left_out_box(0))
            }
            // From the start: the steps are queued once the level has
            // restarted, which the player may decline.
            SHOW_SOLUTION => match self.solution_steps(session) {
                Some(_) => Reply::RestartThen(AfterRestart {
                    command: PLAY_SOLUTION,
                    title: "Show Solution",
                    question: "Show the solution from the start?",
                }),
                None => Reply::Say("No solution is known yet: Hint asks the solver.".into()),
            },
            PLAY_SOLUTION => {
                self.showing = self.solution_steps(session).unwrap_or_default();
                Reply::Unchanged
            }
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<LevelVariant>, command: ViewCommand) -> bool {
        match command {
            NEXT_LEVEL => self.level_target(1).is_some(),
            PREVIOUS_LEVEL => self.level_target(-1).is_some(),
            SHOW_SOLUTION | PLAY_SOLUTION => self.known_solution(session).is_some(),
            BEST_RESULTS => true,
            FILE_PROBLEMS => !self.place.left_out.is_empty(),
            _ => false,
        }
    }

    fn why_not(&self, session: &Session<LevelVariant>, command: ViewCommand) -> Option<String> {
        if self.can(session, command) {
            return None;
        }
        match command {
            NEXT_LEVEL => Some(LAST_LEVEL.into()),
            PREVIOUS_LEVEL => Some(FIRST_LEVEL.into()),
            _ => None,
        }
    }

    fn reset(&mut self) {
        self.hint = None;
        // A hint searched for is of the position left.
        self.thinking = None;
    }

    /// In a window the search runs on a thread of its own, and its answer
    /// comes at a tick; elsewhere it runs at once.
    fn ask_hint(&mut self, session: &Session<LevelVariant>) -> Reply<LevelVariant> {
        let st = session.state();
        // The start needs no search where a solution of it is known.
        let start = self.known_solution(session).is_none().then(|| Sokoban::new(session.variant().level.clone()));
        if background::allowed() {
            let (position, thread_start) = (st.clone(), start.clone());
            self.thinking = Job::spawn("hint", move |stop| search_hint(&position, thread_start.as_ref(), Some(stop)));
            if self.thinking.is_some() {
                return Reply::Say(THINKING.into());
            }
        }
        hint_reply(st, search_hint(st, start.as_ref(), None))
    }

    fn show_hint(&mut self, session: &Session<LevelVariant>, m: &Walk) {
        let mut st = session.state().clone();
        let Some((&last, walk)) = m.0.split_last() else { return };
        for &d in walk {
            let _ = st.step(d);
        }
        let from = st.level().neighbour(st.player(), last.delta());
        let to = from.and_then(|f| st.level().neighbour(f, last.delta()));
        self.hint = from.zip(to);
    }

    /// A can pushed where it can never reach a goal is said as it happens
    /// (the dead ends the solver cuts off), not only when a hint is asked.
    fn moved(&mut self, session: &Session<LevelVariant>) -> Option<String> {
        self.standing(session)
    }

    /// A can stuck off the goals stays so until moves are undone: said
    /// again on resuming, and on stepping to the position.
    fn standing(&mut self, session: &Session<LevelVariant>) -> Option<String> {
        solver::stuck_box(session.state())?;
        let start = Sokoban::new(session.variant().level.clone());
        Some(if solver::stuck_box(&start).is_some() { STUCK_FROM_START } else { STUCK }.into())
    }

    fn played_for_player(&self, session: &Session<LevelVariant>) -> Option<&'static str> {
        (self.shown_step || session.is_marked(Mark::Helped)).then_some("Solution shown: counted as lost.")
    }

    fn ending(&self, session: &Session<LevelVariant>) -> String {
        let st = session.state();
        format!(
            "Solved in {} and {}.",
            plural(st.moves() as u64, "move", "moves"),
            plural(st.pushes() as u64, "push", "pushes")
        )
    }

    fn finished(&mut self, session: &Session<LevelVariant>) -> Vec<String> {
        let st = session.state();
        let result = Best { moves: st.moves(), pushes: st.pushes(), lurd: Self::line(session) };
        let mut lines = Vec::new();
        // Read afresh: another window may have kept a result since.
        let kept = Records::load(&self.data_dir).and_then(|mut records| {
            let better = records.offer(&session.variant().id, result);
            records.save(&self.data_dir).map(|()| {
                self.records = records;
                better
            })
        });
        match kept {
            Ok(true) => lines.push("Your best result on this level.".into()),
            Ok(false) => {}
            Err(e) => lines.push(format!("The result could not be kept: {e}")),
        }
        lines
    }

    fn after_the_end(&self, session: &Session<LevelVariant>) -> Option<String> {
        session.state().is_solved().then(|| self.how_to_go_on())
    }

    fn next_after_win(&self, _session: &Session<LevelVariant>) -> Option<(&'static str, ViewCommand)> {
        self.level_target(1).map(|_| (NEXT_LEVEL_ITEM, NEXT_LEVEL))
    }

    fn tick_hz(&self, _session: &Session<LevelVariant>, _machine: MachineId) -> Option<u32> {
        (!self.showing.is_empty()).then_some(SHOW_HZ)
    }

    fn moves(&self, session: &Session<LevelVariant>) -> Option<u64> {
        Some(u64::from(session.state().moves()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_set;

    fn session(text: &str) -> Session<LevelVariant> {
        let level = parse_set(Path::new("t.xsb"), text.as_bytes()).levels.remove(0).unwrap();
        Session::new(LevelVariant::new("sokoban/t/1", level), 1)
    }

    fn board(dir: &Path) -> SokobanBoard {
        let place = Place {
            path: PathBuf::from("/levels/t.xsb"),
            number: 2,
            good: vec![1, 2, 4].into(),
            left_out: Arc::from([]),
        };
        SokobanBoard::new("T 2", place, dir)
    }

    /// The levels of a set left out are named as the board opens, with the
    /// file and lines in a sentence a narrow status line keeps whole; it
    /// is said once.
    #[test]
    fn the_levels_left_out_are_named_as_the_board_opens() {
        let dir = tempfile::tempdir().unwrap();
        let text = "#####\n#@$.#\n#####\n\n######\n#@$.@#\n######\n\n#####\n# $.#\n#####\n";
        let set = parse_set(Path::new("/levels/t.xsb"), text.as_bytes());
        let place = Place {
            path: PathBuf::from("/levels/t.xsb"),
            number: 1,
            good: set.good().into(),
            left_out: set.left_out().into(),
        };
        let mut b = SokobanBoard::new("T 1", place, dir.path());
        let s = session("#####\n#@$.#\n#####\n");
        assert_eq!(b.opening_notice(), (Some("Levels 2, 3 left out: t.xsb:6, 9.".to_string()), None));
        assert_eq!(b.opening_notice(), (None, None), "said twice");
        // The menu's box says why, with the file's whole path.
        assert!(b.can(&s, FILE_PROBLEMS));
        let Reply::Ask(why) = b.command(&s, FILE_PROBLEMS) else { panic!("no box of the levels left out") };
        assert_eq!(
            why.lines,
            [
                "2 problems in /levels/t.xsb:",
                "Level 2, line 6: a second pusher: a level has one `@` or `+`.",
                "Level 3, line 9: the level has no pusher (`@` or `+`).",
            ]
        );
        let one = Place { left_out: set.left_out()[..1].into(), ..b.place.clone() };
        assert_eq!(one.left_out_note().unwrap(), "Level 2 left out: t.xsb:6.");
        // A file opened by a path from the current folder is named from
        // the root all the same.
        let here = Place { path: PathBuf::from("levels/t.xsb"), ..one.clone() };
        let full = std::env::current_dir().unwrap().join("levels/t.xsb");
        assert_eq!(here.left_out_box(0).lines[0], format!("A problem in {}:", full.display()));
        let none = SokobanBoard::new("T 1", Place { left_out: Arc::from([]), ..one }, dir.path());
        assert_eq!(none.place.left_out_note(), None);
        assert!(!none.can(&s, FILE_PROBLEMS));
    }

    /// A file of many broken levels is told a few at a time, More showing
    /// the next: in one box, the last ones ran off the smallest screens
    /// without a word. Another box's OK is not taken for More.
    #[test]
    fn many_problems_in_a_file_are_told_a_few_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let broken = "#####\n#@$.X#\n#####\n\n".repeat(7);
        let text = format!("#####\n#@$.#\n#####\n\n{broken}");
        let set = parse_set(Path::new("/levels/t.xsb"), text.as_bytes());
        let place =
            Place { path: "/levels/t.xsb".into(), number: 1, good: set.good().into(), left_out: set.left_out().into() };
        let mut b = SokobanBoard::new("T 1", place, dir.path());
        let s = session(&text);
        let mut told = Vec::new();
        let Reply::Ask(mut asked) = b.command(&s, FILE_PROBLEMS) else { panic!("no box of the problems") };
        loop {
            told.push(asked.lines[0].clone());
            assert!(asked.lines.len() <= 1 + widgets::PROBLEMS_A_BOX, "{:?}", asked.lines);
            let Some(more) = asked.buttons.iter().position(|b| b == "More") else { break };
            let Reply::Ask(next) = b.answer(&s, more) else { panic!("More showed nothing") };
            asked = next;
        }
        assert_eq!(
            told,
            [
                "Problems 1 to 3 of 7 in /levels/t.xsb:",
                "Problems 4 to 6 of 7 in /levels/t.xsb:",
                "Problems 7 to 7 of 7 in /levels/t.xsb:"
            ]
        );
        assert_eq!(asked.lines[1], "Level 8, line 30: unknown character `X` in column 5.");
        assert!(matches!(b.answer(&s, 0), Reply::Unchanged), "OK ends it");
        let Reply::Ask(_) = b.command(&s, FILE_PROBLEMS) else { panic!("no box of the problems") };
        let Reply::Ask(_) = b.command(&s, BEST_RESULTS) else { panic!("no Best Results") };
        assert!(matches!(b.answer(&s, 0), Reply::Unchanged), "Best Results' OK showed problems");
    }

    /// Where both levels and solutions were left out, a status line with
    /// room only for the words before the colon (the Amiga PAL's title
    /// bar) still tells of both.
    #[test]
    fn a_narrow_line_tells_of_levels_and_solutions_left_out() {
        let text = "#####\n#@$?#\n#####\n\n#####\n#@$.#\n#####\nSolution: L\n\n#####\n#@$.#\n#####\n";
        let set = parse_set(Path::new("/levels/counts.xsb"), text.as_bytes());
        let (good, left_out) = (set.good().into(), set.left_out().into());
        let place = Place { path: PathBuf::from("/levels/counts.xsb"), number: 3, good, left_out };
        let note = place.left_out_note().unwrap();
        assert_eq!(note, "Level 1 and 1 solution left out: counts.xsb:2. The solution of level 2: counts.xsb:8.");
        let topaz = |t: &str| 8 * t.chars().count() as i32;
        let fields = [("Score", "0/1".to_string())];
        let bar = crate::machines::status::fit(&topaz, 295, 16, "Counts 3", &fields, &note).joined(16);
        assert!(bar.ends_with("Level 1 and 1 solution left out."), "{bar}");
    }

    /// A Solution line that is none is told of as the board opens and in
    /// the box, as a broken level is; its level plays with no solution
    /// known: Best Results counts none from the file, and Show Solution
    /// has nothing to show.
    #[test]
    fn a_solution_left_out_is_told_of_and_never_counted_or_shown() {
        let dir = tempfile::tempdir().unwrap();
        let text = "#####\n#@$.#\n#####\nSolution: RXQ\n\n#####\n#@$.#\n#####\nSolution: L\n\n\
                    ######\n#@$.@#\n######\n";
        let set = parse_set(Path::new("/levels/t.xsb"), text.as_bytes());
        let place = Place {
            path: PathBuf::from("/levels/t.xsb"),
            number: 1,
            good: set.good().into(),
            left_out: set.left_out().into(),
        };
        let mut b = SokobanBoard::new("T 1", place, dir.path());
        let said = b.opening_notice().0.unwrap();
        // Level 1's own solution first, as the line may keep one only.
        assert_eq!(said, "The solutions of levels 1, 2 and 1 level left out: t.xsb:4, 9. Level 3: t.xsb:12.");
        let Reply::Ask(why) = b.command(&session(text), FILE_PROBLEMS) else { panic!("no box of the problems") };
        assert_eq!(
            why.lines,
            [
                "3 problems in /levels/t.xsb:",
                "Level 1, line 4: the solution cannot be read: `X` (character 2) is not one of l, u, r, d.",
                "Level 2, line 9: the solution's step 1 cannot be made: a wall is in the way.",
                "Level 3, line 12: a second pusher: a level has one `@` or `+`.",
            ]
        );
        let one = Place { left_out: set.left_out()[..1].into(), ..b.place.clone() };
        assert_eq!(one.left_out_note().unwrap(), "The solution of level 1 left out: t.xsb:4.");

        let level = session(text);
        assert_eq!(level.variant().level.solution, None);
        assert!(!b.can(&level, SHOW_SOLUTION));
        // The level is named in a line, which wraps, not in the title.
        assert_eq!(b.best_box(&level).title, "Best Results");
        assert_eq!(b.best_box(&level).lines, ["T 1", "Not solved yet."]);
        // A good one is counted as it plays: its pushes in upper case.
        let good = session("#####\n#@$.#\n#####\nSolution: r\n");
        assert_eq!(b.best_box(&good).lines, ["T 1", "Not solved yet.", "Level file: 1 move, 1 push."]);
    }

    /// On the smallest screen a level too big for it keeps squares the
    /// art can tell apart, and is scrolled so the pusher is in sight
    /// wherever it goes; nothing is drawn outside the board's area.
    #[test]
    fn a_level_too_big_is_scrolled_to_keep_the_pusher_in_sight() {
        let dir = tempfile::tempdir().unwrap();
        let b = board(dir.path());
        let area = Rect::new(0, 11, 320, 245);
        for (w, h) in [(20, 128), (128, 128), (20, 100), (100, 60), (128, 20)] {
            let mut rows = vec!["#".repeat(w); h];
            for row in &mut rows[1..h - 1] {
                *row = format!("#{}#", " ".repeat(w - 2));
            }
            rows[1].replace_range(1..4, "@$.");
            let mut st = session(&(rows.join("\n") + "\n")).state().clone();
            let mut seen = Vec::new();
            // Down the level's first column, then along its last row.
            for d in std::iter::repeat_n(Dir::Down, h - 3).chain(std::iter::repeat_n(Dir::Right, w - 3)) {
                let layout = Layout::of(&st, area, st.player());
                assert_eq!(layout.cell, MIN_CELL, "{w}x{h}");
                let pusher = SokobanBoard::square_rect(&st, area, st.player());
                assert_eq!(pusher.intersect(&area), pusher, "{w}x{h}: the pusher at {} is out of sight", st.player());
                assert_eq!(b.hit(&st, area, pusher.x, pusher.y), Some(st.player()));
                assert_eq!(b.hit(&st, area, pusher.x, area.y - 1), None, "a click above the area");
                seen.push((layout.x0, layout.y0));
                st.step(d).unwrap();
            }
            // The level's edges never leave a gap in the area.
            let (x0, y0) = seen.iter().fold((i32::MIN, i32::MIN), |(x, y), &(a, b)| (x.max(a), y.max(b)));
            assert!(x0 <= area.x.max(area.x + (area.w - w as i32 * MIN_CELL) / 2), "{w}x{h}");
            assert!(y0 <= area.y.max(area.y + (area.h - h as i32 * MIN_CELL) / 2), "{w}x{h}");
        }
        // A level that fits is drawn whole, centred, its squares as large
        // as fit.
        let small = session("#####\n#@$.#\n#####\n");
        let layout = Layout::of(small.state(), area, small.state().player());
        assert_eq!(layout, Layout { cell: 40, x0: 60, y0: 11 + 62 });
    }

    /// A hint's can far from the pusher on a scrolled level is brought
    /// into sight with its mark, and clicks go where it is drawn; the
    /// next move, which ends the hint, brings the pusher back.
    #[test]
    fn a_hint_brings_its_can_into_sight_on_a_scrolled_level() {
        let dir = tempfile::tempdir().unwrap();
        let area = Rect::new(0, 11, 320, 245);
        let s = session(&format!("{wall}\n#@{floor}$.#\n{wall}\n", wall = "#".repeat(100), floor = " ".repeat(95)));
        let mut b = board(dir.path());
        let st = s.state();
        let can = st.level().width + 97;
        let seen = |b: &SokobanBoard, at: usize| {
            let r = b.layout(st, area).square(st.level().width, at);
            r.intersect(&area) == r
        };
        assert!(seen(&b, st.player()) && !seen(&b, can));
        let hint = search_hint(st, None, None).unwrap();
        b.show_hint(&s, &hint);
        assert!(seen(&b, can) && seen(&b, can + 1), "the hint's can and its goal are out of sight");
        let r = b.layout(st, area).square(st.level().width, can + 1);
        assert_eq!(b.hit(st, area, r.x, r.y), Some(can + 1));
        b.reset();
        assert!(seen(&b, st.player()) && !seen(&b, can));
    }

    /// A damaged records file is set aside as the board opens, and the
    /// player told: the status line says in its first sentence whether
    /// the backup was loaded, then the file, line and what is wrong; a
    /// requester says it all with the paths in full.
    #[test]
    fn damaged_records_are_told_of_as_the_board_opens() {
        let dir = tempfile::tempdir().unwrap();
        let mut records = Records::default();
        records.offer("sokoban/t/1", Best { moves: 3, pushes: 2, lurd: "rRR".into() });
        records.save(dir.path()).unwrap();
        records.save(dir.path()).unwrap();
        let file = Records::path(dir.path());
        std::fs::write(&file, "parlour-sokoban 1\nbest sokoban/t/1 x 2 rRR\n").unwrap();
        let (said, told) = board(dir.path()).opening_notice();
        assert_eq!(said.as_deref(), Some("The records were damaged: their previous copy was used."));
        let told = told.expect("no box told of the damaged records");
        let aside = dir.path().join("sokoban.txt.damaged-1");
        assert_eq!(
            told.lines,
            [format!(
                "{}:2: the move count \"x\" is not a number (the file was moved to {}); \
                 its previous copy sokoban.txt.bak was loaded instead.",
                file.display(),
                aside.display()
            )]
        );
        assert!(aside.exists());
        assert_eq!(board(dir.path()).opening_notice(), (None, None), "the backup took the file's place");

        // With no good backup, the records start afresh, and the player
        // is told so.
        std::fs::remove_file(crate::core::files::backup_path(&file)).unwrap();
        std::fs::write(&file, "damaged").unwrap();
        let (said, told) = board(dir.path()).opening_notice();
        assert_eq!(said.as_deref(), Some("The records could not be used: they start afresh."));
        let told = told.expect("no box told of the records started afresh").lines.join(" ");
        assert!(told.contains("sokoban.txt:1: this is not"), "{told}");
        assert!(told.ends_with("; with no good backup, your records start afresh."), "{told}");
        assert!(dir.path().join("sokoban.txt.foreign-1").exists(), "another kind of file, set aside as such");

        // A file that cannot be read at all is left where it is, and said.
        assert!(!file.exists(), "the damaged file was set aside");
        std::fs::create_dir(&file).unwrap();
        let (said, told) = board(dir.path()).opening_notice();
        assert_eq!(said.as_deref(), Some("The records could not be read."));
        let told = told.expect("no box told of the unreadable records").lines.join(" ");
        assert!(told.contains("sokoban.txt: cannot be read: it is a folder"), "{told}");
        assert!(file.is_dir());
    }

    #[test]
    fn next_and_previous_skip_broken_levels() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = board(dir.path());
        assert_eq!(b.level_target(1).as_deref(), Some("/levels/t.xsb:4"));
        assert_eq!(b.level_target(-1).as_deref(), Some("/levels/t.xsb:1"));
        b.place.number = 4;
        assert_eq!(b.level_target(1), None);
    }

    #[test]
    fn a_finished_level_keeps_its_best_line() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = board(dir.path());
        let mut s = session("#######\n#@ $ .#\n#######\n");
        s.play_text("r").unwrap();
        s.play_text("RR").unwrap();
        assert!(s.state().is_solved());
        assert_eq!(SokobanBoard::line(&s), "rRR");
        let lines = b.finished(&s);
        assert_eq!(lines[0], "Your best result on this level.");
        let best = Records::load(dir.path()).unwrap().best("sokoban/t/1").cloned().unwrap();
        assert_eq!((best.moves, best.pushes, best.lurd.as_str()), (3, 2, "rRR"));
        assert!(b.can(&s, SHOW_SOLUTION));
    }

    /// A push against a wall with no goal along it is said at once; a
    /// move that leaves every box able to reach a goal says nothing.
    #[test]
    fn a_box_pushed_where_it_is_stuck_is_said() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = board(dir.path());
        let mut s = session("#####\n#   #\n# $.#\n# @ #\n#####\n");
        s.play_text("l").unwrap();
        assert_eq!(b.moved(&s), None, "a step");
        s.play_text("r").unwrap();
        // Up against the wall, along which no goal lies.
        s.play_text("U").unwrap();
        assert_eq!(b.moved(&s).as_deref(), Some(STUCK), "the box against the wall");
    }
}
