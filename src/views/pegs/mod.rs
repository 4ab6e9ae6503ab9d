//! Peg solitaire: a board from a .brd file drawn on any machine and played
//! with the mouse, by dragging a stone over its neighbour into an empty
//! slot, or by clicking the stone and then the slot. Every jump goes
//! through the Session; the game is journalled after every change and
//! resumed when the board is opened again.

pub mod chooser;
pub mod layout;
pub mod picture;
pub mod records;
pub mod stones;

use crate::core::highscores::{Entry, HighScores};
use crate::core::{FileErrorKind, Game, Session, Status, save};
use crate::games::pegs::board::Cell;
use crate::games::pegs::rules::{BoardVariant, Jump, Pegs};
use crate::games::pegs::solver::{self, Verdict};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Input, Key, Machine, Menu, MenuItem, Pen, Requester};

use super::{Response, View};
use layout::BoardLayout;
use picture::StoneSet;
use records::{Player, clock, ending_text};

/// Positions the Hint command may search before giving up. The solver
/// settles most boards' positions in far fewer; the cap keeps a hopeless
/// search on a large board to a moment.
const HINT_LIMIT: u64 = 2_000_000;
/// Positions searched after each jump to warn early that the game can no
/// longer be won; small, so play stays quick.
const CHECK_LIMIT: u64 = 200_000;
/// Pointer travel (pixels) that turns a press into a drag.
const DRAG_SLOP: i32 = 3;
/// The largest block drawn: big boards fill the table, small ones do not
/// become clownish.
const MAX_BLOCK: i32 = 64;
/// The warning when the solver proves the position lost.
const HOPELESS: &str = "This position cannot be solved any more: undo some jumps.";

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

pub struct PegsView {
    /// The board's display name (its file stem).
    name: String,
    session: Session<BoardVariant>,
    player: Player,
    selected: Option<(usize, usize)>,
    press: Option<Press>,
    hint: Option<Jump>,
    plan: Option<Plan>,
    message: String,
    /// Whether this game's ending went into the high scores.
    recorded: bool,
    /// The end-of-game requester is up (its second button restarts).
    asked_game_over: bool,
}

impl PegsView {
    /// Opens a board for `player`, resuming the unfinished game in its
    /// journal if there is one.
    pub fn new(name: &str, variant: BoardVariant, player: Player) -> PegsView {
        let path = player.journal_path(&variant.id);
        let (session, message) = match save::load(&path, &variant) {
            Ok(s) if s.state().status() == Status::Playing && s.move_count() > 0 => {
                let n = s.move_count();
                (s, format!("Your game was resumed after {n} jump{}.", if n == 1 { "" } else { "s" }))
            }
            // A finished game, or nothing to resume: start afresh.
            Ok(_) => (Session::new(variant, 0), String::new()),
            Err(e) if e.kind == FileErrorKind::NotFound => (Session::new(variant, 0), String::new()),
            // A bad journal was set aside by `load`; say so and start afresh.
            Err(e) => (Session::new(variant, 0), format!("The journal could not be resumed: {e}")),
        };
        PegsView {
            name: name.to_string(),
            session,
            player,
            selected: None,
            press: None,
            hint: None,
            plan: None,
            message,
            recorded: false,
            asked_game_over: false,
        }
    }

    pub fn session(&self) -> &Session<BoardVariant> {
        &self.session
    }

    fn state(&self) -> &Pegs {
        self.session.state()
    }

    /// The board fitted into the content area, leaving room for the
    /// coordinate labels.
    fn layout(&self, machine: &Machine, area: Rect) -> BoardLayout {
        let font = machine.look().text_font;
        let label_w = font.text_width("88") as i32 + 8;
        let label_h = font.height() as i32 + 6;
        let margin = (area.w.min(area.h) / 40).max(2);
        let inner = Rect::from_edges(
            area.x + margin + label_w,
            area.y + margin + label_h,
            area.right() - margin - label_w,
            area.bottom() - margin - label_h / 2,
        );
        BoardLayout::fit(self.state().board(), inner, MAX_BLOCK)
    }

    /// Where element (row, col) is drawn in `area` (for scripts and tests
    /// that click like a player).
    pub fn cell_rect(&self, machine: &Machine, area: Rect, at: (usize, usize)) -> Rect {
        self.layout(machine, area).rect(at)
    }

    /// The jump the Hint command suggested, while it still applies.
    pub fn hint(&self) -> Option<Jump> {
        self.hint
    }

    fn cell(&self, (row, col): (usize, usize)) -> Cell {
        self.state().board().cell(row, col)
    }

    fn has_stone(&self, at: (usize, usize)) -> bool {
        matches!(self.cell(at), Cell::Slot { stone: Some(_), .. })
    }

    /// Makes a jump; a refusal becomes the status message.
    fn play(&mut self, jump: Jump) -> Response {
        let before = self.state().clone();
        if let Err(refusal) = self.session.play(&jump) {
            self.message = refusal.reason().to_string();
            return Response::Redraw;
        }
        self.selected = None;
        self.hint = None;
        self.message.clear();
        // Following a known winning line keeps the rest of it.
        self.plan = self.plan.take().and_then(|p| match p.jumps.split_first() {
            Some((first, rest)) if p.position == before && *first == jump => {
                Some(Plan { position: self.state().clone(), jumps: rest.to_vec() })
            }
            _ => None,
        });
        self.journal();
        if let Some(response) = self.game_over() {
            return response;
        }
        if self.plan.is_none() {
            match self.solve(CHECK_LIMIT) {
                Verdict::Unsolvable => self.message = HOPELESS.into(),
                Verdict::Solvable(_) | Verdict::GaveUp => {}
            }
        }
        Response::Redraw
    }

    /// Searches the current position, remembering a winning line found.
    fn solve(&mut self, limit: u64) -> Verdict {
        let report = solver::solve(self.state(), Some(limit));
        if let Verdict::Solvable(jumps) = &report.verdict {
            self.plan = Some(Plan { position: self.state().clone(), jumps: jumps.clone() });
        }
        report.verdict
    }

    /// Saves the session as the board's journal; a failure is reported in
    /// the status line but never stops play.
    fn journal(&mut self) {
        let path = self.player.journal_path(&self.session.variant().id);
        let result = match path.parent() {
            Some(dir) => std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display())),
            None => Ok(()),
        }
        .and_then(|()| save::save(&self.session, &path).map_err(|e| e.to_string()));
        if let Err(e) = result {
            self.message = format!("The journal could not be saved: {e}");
        }
    }

    /// If the game has just ended: the ending in the status line, the
    /// result in the high scores (once per game) and the end-of-game box.
    fn game_over(&mut self) -> Option<Response> {
        let ending = self.state().ending()?;
        let text = ending_text(ending);
        self.message = text.clone();
        let seconds = self.session.elapsed_ms() / 1000;
        let mut lines = vec![text, format!("Score: {}   Time: {}", self.state().score(), clock(seconds))];
        if !self.recorded {
            self.recorded = true;
            if let Some(place) = self.record(seconds) {
                lines.push(format!("A new high score: place {} on this board.", place + 1));
            }
        }
        self.asked_game_over = true;
        Some(Response::Ask(Requester {
            title: "Game Over".into(),
            lines,
            buttons: vec!["OK".into(), "Restart".into()],
        }))
    }

    /// Adds the finished game to the board's high scores; returns its place
    /// if it made the table. Problems go to the status line.
    fn record(&mut self, seconds: u64) -> Option<usize> {
        let dir = &self.player.data_dir;
        let mut scores = HighScores::load(dir).unwrap_or_else(|e| {
            self.message = format!("The high scores were unreadable and were started afresh: {e}");
            HighScores::default()
        });
        let state = self.session.state();
        let points = u64::try_from(state.score()).unwrap_or(0);
        let entry = Entry::new(&self.player.name, points, seconds, state.stones() as u32);
        let place = scores.add(&self.session.variant().id, entry)?;
        match scores.save(dir) {
            Ok(()) => Some(place),
            Err(e) => {
                self.message = format!("The high score could not be saved: {e}");
                None
            }
        }
    }

    fn high_scores(&mut self) -> Response {
        let scores = HighScores::load(&self.player.data_dir).unwrap_or_else(|e| {
            self.message = format!("The high scores could not be read: {e}");
            HighScores::default()
        });
        Response::Ask(records::high_scores_box(&self.name, scores.table(&self.session.variant().id)))
    }

    fn show_hint(&mut self) -> Response {
        if self.state().status() != Status::Playing {
            self.message = "The game is over: no jump remains.".into();
            return Response::Redraw;
        }
        let known = self.plan.as_ref().filter(|p| &p.position == self.state()).and_then(|p| p.jumps.first().copied());
        let first = match known {
            Some(j) => Some(j),
            None => match self.solve(HINT_LIMIT) {
                Verdict::Solvable(jumps) => jumps.first().copied(),
                Verdict::Unsolvable => {
                    self.message = HOPELESS.into();
                    None
                }
                Verdict::GaveUp => {
                    self.message = "No hint found quickly.".into();
                    None
                }
            },
        };
        if let Some(j) = first {
            self.hint = Some(j);
            self.selected = None;
            self.message = format!("Hint: {j}");
        }
        Response::Redraw
    }

    /// Anything that changes the history clears the picks and is
    /// journalled.
    fn after_history_change(&mut self) -> Response {
        self.selected = None;
        self.press = None;
        self.hint = None;
        self.message.clear();
        self.journal();
        Response::Redraw
    }

    fn mouse_down(&mut self, at: Option<(usize, usize)>, x: i32, y: i32, layout: &BoardLayout) -> Response {
        match at {
            Some(at) if self.has_stone(at) => {
                let r = layout.rect(at);
                self.press = Some(Press { from: at, grab: (x - r.x, y - r.y), at: (x, y), moved: false });
                Response::Unchanged
            }
            Some(to) if matches!(self.cell(to), Cell::Slot { .. }) => match self.selected {
                Some(from) => self.play(Jump { from, to }),
                None => {
                    self.message = "Pick a stone first: click it, then the slot it should jump to.".into();
                    Response::Redraw
                }
            },
            _ if self.selected.is_some() => {
                self.selected = None;
                Response::Redraw
            }
            _ => Response::Unchanged,
        }
    }

    fn mouse_up(&mut self, press: Press, layout: &BoardLayout) -> Response {
        if !press.moved {
            // A click on a stone picks it, or puts it back down.
            self.selected = if self.selected == Some(press.from) { None } else { Some(press.from) };
            return Response::Redraw;
        }
        // The drop lands where the dragged stone's centre is.
        let half = layout.block / 2;
        let (cx, cy) = (press.at.0 - press.grab.0 + half, press.at.1 - press.grab.1 + half);
        match layout.hit(cx, cy) {
            Some(to) if to != press.from => self.play(Jump { from: press.from, to }),
            _ => Response::Redraw,
        }
    }

    fn menu_items(&self) -> Vec<MenuItem> {
        let playing = self.state().status() == Status::Playing;
        vec![
            MenuItem::new("Restart", "restart").key('r'),
            MenuItem::new("Undo", "undo").key('z').enabled(self.session.can_undo()),
            MenuItem::new("Redo", "redo").key('y').enabled(self.session.can_redo()),
            MenuItem::separator(),
            MenuItem::new("Hint", "hint").key('t').enabled(playing),
            MenuItem::separator(),
            MenuItem::new("Choose Board...", "boards").key('b'),
            MenuItem::new("High Scores...", "highscores"),
            MenuItem::new("Journal...", "journal").key('j'),
        ]
    }
}

impl View for PegsView {
    fn title(&self) -> String {
        self.name.clone()
    }

    fn menus(&self) -> Vec<Menu> {
        vec![Menu::new("Game", self.menu_items())]
    }

    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Score", self.state().score().to_string()),
            ("Time", clock(self.session.elapsed_ms() / 1000)),
            ("Stones left", self.state().stones().to_string()),
        ]
    }

    fn message(&self) -> String {
        self.message.clone()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        if !machine.chrome().draws_felt() {
            s.fill_rect(area, look.paint(Pen::Felt));
        }
        let layout = self.layout(machine, area);
        let stones = StoneSet::new(layout.block);
        let board = self.state().board();
        let dragged = self.press.filter(|p| p.moved);
        picture::draw_labels(s, look, board, &layout);
        picture::draw_board(s, look, board, &layout, &stones, dragged.map(|p| p.from));
        let marked = self.selected.into_iter().chain(self.hint.into_iter().flat_map(|j| [j.from, j.to]));
        for at in marked {
            picture::frame_block(s, look, layout.rect(at));
        }
        if let Some(p) = dragged
            && let Cell::Slot { stone: Some(stone), .. } = self.cell(p.from)
        {
            let r = Rect::new(p.at.0 - p.grab.0, p.at.1 - p.grab.1, layout.block, layout.block);
            stones.draw(s, stone, r);
        }
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let layout = self.layout(machine, area);
        match *input {
            Input::Tick { ms } => {
                let before = self.session.elapsed_ms() / 1000;
                if self.state().status() == Status::Playing && self.session.move_count() > 0 {
                    self.session.add_time(u64::from(ms));
                }
                if self.session.elapsed_ms() / 1000 != before { Response::Redraw } else { Response::Unchanged }
            }
            Input::MouseDown { x, y, button: Button::Left } => self.mouse_down(layout.hit(x, y), x, y, &layout),
            Input::MouseMove { x, y } => match &mut self.press {
                Some(p) => {
                    p.moved |= (x - p.at.0).abs() + (y - p.at.1).abs() > DRAG_SLOP;
                    if !p.moved {
                        return Response::Unchanged;
                    }
                    p.at = (x, y);
                    Response::Redraw
                }
                None => Response::Unchanged,
            },
            Input::MouseUp { x, y, button: Button::Left } => match self.press.take() {
                Some(mut p) => {
                    if p.moved {
                        p.at = (x, y);
                    }
                    self.mouse_up(p, &layout)
                }
                None => Response::Unchanged,
            },
            Input::Key { key: Key::Escape, .. } if self.press.is_some() || self.selected.is_some() => {
                self.press = None;
                self.selected = None;
                Response::Redraw
            }
            _ => Response::Unchanged,
        }
    }

    fn command(&mut self, command: &str) -> Option<Response> {
        if !self.can(command) {
            return None;
        }
        Some(match command {
            // The skin's New button: a board has one start, so it restarts.
            "restart" | "new" => {
                self.session.restart();
                self.recorded = false;
                self.after_history_change()
            }
            "undo" => {
                self.session.undo();
                self.after_history_change()
            }
            "redo" => {
                self.session.redo();
                let response = self.after_history_change();
                self.game_over().unwrap_or(response)
            }
            "hint" => self.show_hint(),
            "highscores" => self.high_scores(),
            "journal" => Response::Ask(records::journal_box(&self.name, &self.session)),
            _ => return None,
        })
    }

    fn can(&self, command: &str) -> bool {
        match command {
            "undo" => self.session.can_undo(),
            "redo" => self.session.can_redo(),
            "hint" => self.state().status() == Status::Playing,
            "restart" | "new" | "highscores" | "journal" => true,
            _ => false,
        }
    }

    fn answer(&mut self, button: usize) -> Response {
        let game_over = std::mem::take(&mut self.asked_game_over);
        if game_over && button == 1 {
            self.command("restart").unwrap_or(Response::Unchanged)
        } else {
            Response::Unchanged
        }
    }

    fn game_id(&self) -> Option<String> {
        Some(self.session.variant().id.clone())
    }

    fn wants_ticks(&self) -> bool {
        true
    }
}
