//! Sokoban on any machine: the arrow keys step the pusher (it is the
//! keyboard's cursor), a click on a floor square walks it there by the
//! shortest way, and a click on a box beside it pushes that box. The
//! Game menu adds the level chooser, the next and previous levels, the
//! best results and a replay of the best solution known. The host's
//! controller plays, journals and resumes each level.

pub mod art;

use std::path::{Path, PathBuf};

use crate::core::{Action, GameStats, Session, plural};
use crate::games::sokoban::level::{LeftOut, Level};
use crate::games::sokoban::library::split_id;
use crate::games::sokoban::records::{Best, Records};
use crate::games::sokoban::rules::{Dir, LevelVariant, Path as Walk, Sokoban, parse_lurd};
use crate::games::sokoban::solver::{self, Verdict};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Command, Input, Key, Machine, MachineId, MenuItem, Pen, Requester, ViewCommand};

use super::board::{Board, Reply, records_trouble};
use art::{Tile, tile_art};

/// The board's own commands.
pub const NEXT_LEVEL: ViewCommand = ViewCommand("next-level");
pub const PREVIOUS_LEVEL: ViewCommand = ViewCommand("previous-level");
pub const SHOW_SOLUTION: ViewCommand = ViewCommand("show-solution");
pub const BEST_RESULTS: ViewCommand = ViewCommand("best-results");

/// The preference that keeps the level last on the table, which the
/// launcher's entry comes back to.
pub const LAST_LEVEL_PREF: &str = "level";
pub const LEVELS_LEFT_OUT: ViewCommand = ViewCommand("levels-left-out");

/// The largest square drawn, so small levels do not become clownish.
const MAX_CELL: i32 = 40;
/// Positions a hint may search.
const HINT_LIMIT: u64 = 50_000;
/// Steps a second when a solution is shown.
const SHOW_HZ: u32 = 8;

/// Where a level is in its set, for the next and previous levels.
#[derive(Clone, Debug)]
pub struct Place {
    /// The set's file.
    pub path: PathBuf,
    /// This level's number (from 1).
    pub number: usize,
    /// The numbers of the set's good levels.
    pub good: Vec<usize>,
    /// The set's broken levels, which the board names as it opens.
    pub left_out: Vec<LeftOut>,
}

impl Place {
    /// The status line's word on the set's broken levels, if it has any:
    /// which were left out, with the file and lines, short enough for a
    /// narrow status line (Levels Left Out... says why).
    fn left_out_note(&self) -> Option<String> {
        if self.left_out.is_empty() {
            return None;
        }
        let file = self.path.file_name().unwrap_or(self.path.as_os_str()).to_string_lossy();
        let joined = |item: fn(&LeftOut) -> String| self.left_out.iter().map(item).collect::<Vec<_>>().join(", ");
        let levels = if self.left_out.len() == 1 { "Level" } else { "Levels" };
        Some(format!(
            "{levels} {} left out: {file}:{}.",
            joined(|l| l.number.to_string()),
            joined(|l| l.problem.line.to_string())
        ))
    }

    /// The box that says why each broken level was left out: the file
    /// (its whole path, to find it by), then a line for each level.
    fn left_out_box(&self) -> Requester {
        let mut lines = vec![format!("{}:", self.path.display())];
        lines.extend(
            self.left_out
                .iter()
                .map(|l| format!("Level {}, line {}: {}.", l.number, l.problem.line, l.problem.message)),
        );
        Requester { title: "Levels Left Out".into(), lines, buttons: vec!["OK".into()] }
    }
}

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
    /// The records as read when the board opened and as kept since: the
    /// menus ask of them at every redraw, which must not read the file.
    records: Records,
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
        // Levels Left Out... of the levels.
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
            records,
        }
    }

    /// The size of a square and the level's top-left corner in `area`.
    fn layout(level: &Level, area: Rect) -> (i32, i32, i32) {
        let margin = (area.w.min(area.h) / 40).max(2);
        let (w, h) = (level.width as i32, level.height as i32);
        let cell = ((area.w - 2 * margin) / w).min((area.h - 2 * margin) / h).clamp(2, MAX_CELL);
        (cell, area.x + (area.w - cell * w) / 2, area.y + (area.h - cell * h) / 2)
    }

    /// Where square `at` is drawn in `area` (for scripts and tests that
    /// click like a player).
    pub fn square_rect(level: &Level, area: Rect, at: usize) -> Rect {
        let (cell, x0, y0) = Self::layout(level, area);
        Rect::new(x0 + (at % level.width) as i32 * cell, y0 + (at / level.width) as i32 * cell, cell, cell)
    }

    /// The square under (x, y), if it is on the level.
    fn hit(level: &Level, area: Rect, x: i32, y: i32) -> Option<usize> {
        let (cell, x0, y0) = Self::layout(level, area);
        let (cx, cy) = ((x - x0).div_euclid(cell), (y - y0).div_euclid(cell));
        ((0..level.width as i32).contains(&cx) && (0..level.height as i32).contains(&cy))
            .then(|| cy as usize * level.width + cx as usize)
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
                None => Reply::Say("Walk up to a can to push it.".into()),
            };
        }
        match st.walk_to(at) {
            Some(path) if !path.is_empty() => Reply::Play(Walk(path)),
            _ if st.level().is_inside(at) => Reply::Say("The pusher cannot get there.".into()),
            _ => Reply::Unchanged,
        }
    }

    fn best_box(&self, session: &Session<LevelVariant>) -> Requester {
        // Short lines: a requester on a 320-pixel screen holds about 36
        // characters.
        let mut lines = vec![match self.records.best(&session.variant().id) {
            Some(b) => format!(
                "Your best: {}, {}.",
                plural(b.moves as u64, "move", "moves"),
                plural(b.pushes as u64, "push", "pushes")
            ),
            None => "Not solved yet.".into(),
        }];
        if let Some(lurd) = &session.variant().level.solution {
            let pushes = lurd.chars().filter(char::is_ascii_uppercase).count();
            lines.push(format!(
                "Level file: {}, {}.",
                plural(lurd.len() as u64, "move", "moves"),
                plural(pushes as u64, "push", "pushes")
            ));
        }
        Requester { title: format!("Best Results: {}", self.title), lines, buttons: vec!["OK".into()] }
    }
}

impl Board<LevelVariant> for SokobanBoard {
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
            MenuItem::new("Choose Level...", Command::Variants).key('b'),
            MenuItem::new("Next Level", Command::View(NEXT_LEVEL)).key('j').enabled(self.can(session, NEXT_LEVEL)),
            MenuItem::new("Previous Level", Command::View(PREVIOUS_LEVEL))
                .key('k')
                .enabled(self.can(session, PREVIOUS_LEVEL)),
            MenuItem::new("Show Solution", Command::View(SHOW_SOLUTION)).enabled(self.can(session, SHOW_SOLUTION)),
            MenuItem::new("Best Results...", Command::View(BEST_RESULTS)),
            MenuItem::new("Levels Left Out...", Command::View(LEVELS_LEFT_OUT))
                .enabled(self.can(session, LEVELS_LEFT_OUT)),
        ]
    }

    /// Each level keeps its own figures, and a solved level goes on to
    /// the next, still at nought: the set's count says how far the player
    /// has come.
    fn stats_lines(&self, session: &Session<LevelVariant>, _stats: &GameStats) -> Vec<String> {
        let Some((set, _)) = split_id(&session.variant().id) else { return Vec::new() };
        let solved = self.place.good.iter().filter(|&&n| self.records.best(&format!("{set}/{n}")).is_some()).count();
        vec![format!("Levels solved: {solved} of {}", self.place.good.len())]
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
        let (cell, _, _) = Self::layout(level, area);
        let size = cell as u32;
        let tiles = [
            Tile::Wall,
            Tile::Floor,
            Tile::Goal,
            Tile::Can(false),
            Tile::Can(true),
            Tile::Pusher(false),
            Tile::Pusher(true),
        ];
        let arts: Vec<_> = tiles.iter().map(|&t| tile_art(t, size)).collect();
        let art = |t: Tile| &arts[tiles.iter().position(|&x| x == t).expect("every tile is painted")];
        for at in 0..level.width * level.height {
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
            let r = Self::square_rect(level, area, at);
            s.draw_art(art(tile), r.x, r.y);
        }
        if let Some((from, to)) = self.hint {
            for at in [from, to] {
                let r = Self::square_rect(level, area, at);
                s.frame_rect(r, look.paint(Pen::Highlight));
                s.frame_rect(r.inset(1, 1), look.paint(Pen::Highlight));
            }
        }
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
            if self.showing.is_empty() {
                return Reply::Unchanged;
            }
            let d = self.showing.remove(0);
            return if st.probe(d).is_ok() {
                self.shown_step = true;
                Reply::Play(Walk(vec![d]))
            } else {
                self.showing.clear();
                Reply::Say("That solution does not fit here.".into())
            };
        }
        // Anything the player does stops a solution being shown.
        let stopped = !self.showing.is_empty() && !matches!(input, Input::MouseMove { .. });
        if stopped {
            self.showing.clear();
        }
        if !matches!(input, Input::MouseMove { .. }) {
            self.shown_step = false;
        }
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => match Self::hit(st.level(), area, x, y) {
                Some(at) => self.click(st, at),
                None => Reply::Unchanged,
            },
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => {
                let dir = match key {
                    Key::Left => Dir::Left,
                    Key::Up => Dir::Up,
                    Key::Right => Dir::Right,
                    Key::Down => Dir::Down,
                    _ if stopped => return Reply::Say("The solution was stopped.".into()),
                    _ => return Reply::Unchanged,
                };
                Reply::Play(Walk(vec![dir]))
            }
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<LevelVariant>, command: ViewCommand) -> Reply<LevelVariant> {
        match command {
            NEXT_LEVEL => self.level_target(1).map_or(Reply::Unchanged, |t| Reply::Command(Command::Play(t))),
            PREVIOUS_LEVEL => self.level_target(-1).map_or(Reply::Unchanged, |t| Reply::Command(Command::Play(t))),
            BEST_RESULTS => Reply::Ask(self.best_box(session)),
            LEVELS_LEFT_OUT => Reply::Ask(self.place.left_out_box()),
            SHOW_SOLUTION => match self.known_solution(session).and_then(|l| parse_lurd(&l).ok()) {
                Some(steps) => {
                    self.showing = steps;
                    // From the start: the steps come one a tick after it.
                    Reply::Command(Command::Restart)
                }
                None => Reply::Say("No solution is known yet: Hint asks the solver.".into()),
            },
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<LevelVariant>, command: ViewCommand) -> bool {
        match command {
            NEXT_LEVEL => self.level_target(1).is_some(),
            PREVIOUS_LEVEL => self.level_target(-1).is_some(),
            SHOW_SOLUTION => self.known_solution(session).is_some(),
            BEST_RESULTS => true,
            LEVELS_LEFT_OUT => !self.place.left_out.is_empty(),
            _ => false,
        }
    }

    fn reset(&mut self) {
        self.hint = None;
    }

    fn hint(&mut self, session: &Session<LevelVariant>) -> Result<Walk, String> {
        match solver::solve_quickly(session.state(), &solver::Limits::positions(HINT_LIMIT)).verdict {
            Verdict::Solved { lurd, .. } => Ok(Walk(solver::first_push(&lurd))),
            Verdict::Unsolvable => Err("This position cannot be solved any more: undo some moves.".into()),
            Verdict::GaveUp(_) => Err("No hint found quickly.".into()),
        }
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

    fn played_for_player(&self, _session: &Session<LevelVariant>) -> Option<&'static str> {
        self.shown_step.then_some("Solution shown: no win counted.")
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

    fn next_after_win(&self, _session: &Session<LevelVariant>) -> Option<(&'static str, ViewCommand)> {
        self.level_target(1).map(|_| ("Next Level", NEXT_LEVEL))
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
        let place = Place { path: PathBuf::from("/levels/t.xsb"), number: 2, good: vec![1, 2, 4], left_out: vec![] };
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
        let place =
            Place { path: PathBuf::from("/levels/t.xsb"), number: 1, good: set.good(), left_out: set.left_out() };
        let mut b = SokobanBoard::new("T 1", place, dir.path());
        let s = session("#####\n#@$.#\n#####\n");
        assert_eq!(b.opening_notice(), (Some("Levels 2, 3 left out: t.xsb:6, 9.".to_string()), None));
        assert_eq!(b.opening_notice(), (None, None), "said twice");
        // The menu's box says why, with the file's whole path.
        assert!(b.can(&s, LEVELS_LEFT_OUT));
        let Reply::Ask(why) = b.command(&s, LEVELS_LEFT_OUT) else { panic!("no box of the levels left out") };
        assert_eq!(
            why.lines,
            [
                "/levels/t.xsb:",
                "Level 2, line 6: a second player: a level has one `@` or `+`.",
                "Level 3, line 9: the level has no player (`@` or `+`).",
            ]
        );
        let one = Place { left_out: set.left_out()[..1].to_vec(), ..b.place.clone() };
        assert_eq!(one.left_out_note().unwrap(), "Level 2 left out: t.xsb:6.");
        let none = SokobanBoard::new("T 1", Place { left_out: Vec::new(), ..one }, dir.path());
        assert_eq!(none.place.left_out_note(), None);
        assert!(!none.can(&s, LEVELS_LEFT_OUT));
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
                "{}:2: the moves \"x\" is not a number (the file was moved to {}); \
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
        assert_eq!(said.as_deref(), Some("The records were damaged: they start afresh."));
        let told = told.expect("no box told of the records started afresh").lines.join(" ");
        assert!(told.contains("sokoban.txt:1: this is not"), "{told}");
        assert!(told.ends_with("; with no good backup, your records start afresh."), "{told}");
        assert!(dir.path().join("sokoban.txt.damaged-2").exists());

        // A file that cannot be read at all is left where it is, and said.
        assert!(!file.exists(), "the damaged file was set aside");
        std::fs::create_dir(&file).unwrap();
        let (said, told) = board(dir.path()).opening_notice();
        assert_eq!(said.as_deref(), Some("The records could not be read."));
        let told = told.expect("no box told of the unreadable records").lines.join(" ");
        assert!(told.contains("sokoban.txt: cannot be read: it is not"), "{told}");
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
}
