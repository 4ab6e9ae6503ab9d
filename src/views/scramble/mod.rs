//! Scramble's window: a row of buttons (Scramble, the side shown, Undo)
//! over the puzzle. A click on a piece in line with the gap slides it and
//! every piece between towards the gap; the arrow keys move the gap. The
//! picture side shows the picture cut into pieces, the number side their
//! numbers; Num/Pict (or T) turns the puzzle over.
//!
//! Game > Pause (or P) covers the puzzle and stops the clock, as turning
//! to another window does; a move (a click on the puzzle, an arrow key),
//! Resume or P again uncovers it.
//!
//! Game > Change Picture... takes any PNG, BMP or IFF ILBM picture from
//! the picture folders and keeps the order of the pieces; Game > Change
//! Size... sets the columns and rows and starts solved, as Oberon's
//! Scramble.ChangeSize did: Scramble (New Game) then shuffles it.

pub mod dialogs;
pub mod picture;

use std::path::PathBuf;

use crate::core::{Game, GameStats, Session, Stats, Status, Variant, plural, sentence};
use crate::games::scramble::puzzle::{Dir, Puzzle};
use crate::games::scramble::rules::{SIZE, Scramble, ScrambleVariant, Slide};
use crate::games::scramble::solver;
use crate::gfx::{Pattern, Rect, Surface, TextStyle};
use crate::machines::{Button, Command, Input, Key, Machine, MenuItem, Pen, Requester, ViewCommand};

use super::board::{Board, Refused, Reply, clock, hint_worded, undo_applies, unknown_word};
use super::pause::{self, NOTHING_TO_PAUSE, PAUSE, Pause};
use super::widgets::{DigitsNote, bevel, button, message_box};
use dialogs::{Outcome, PictureDialog, SizeDialog};
use picture::{Picture, Source};

/// The board's own commands.
pub const TURN_OVER: ViewCommand = ViewCommand("turn-over");
pub const CHANGE_PICTURE: ViewCommand = ViewCommand("change-picture");
pub const CHANGE_SIZE: ViewCommand = ViewCommand("change-size");
pub const BEST_RESULTS: ViewCommand = ViewCommand("best-results");

const TITLE: &str = "Scramble";

/// The gap's hatching on a one-bit screen: thin diagonal lines, unlike any
/// dither of a picture, so that the hole never passes for a white piece.
const HOLE: Pattern = Pattern([0x88, 0x44, 0x22, 0x11, 0x88, 0x44, 0x22, 0x11]);

/// The arrow keys, the way each moves the gap (the piece beside the gap
/// that way slides into it, so it goes the other way: Up brings the piece
/// above the gap down), and each key's name as a hint gives it.
const ARROWS: [(Key, Dir, &str); 4] = [
    (Key::Up, Dir::Up, "Up"),
    (Key::Down, Dir::Down, "Down"),
    (Key::Left, Dir::Left, "Left"),
    (Key::Right, Dir::Right, "Right"),
];

/// A dialog over the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dialog {
    Size(SizeDialog),
    Picture(PictureDialog),
}

/// The buttons above the puzzle and the puzzle's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScrambleLayout {
    pub scramble: Rect,
    pub side: Rect,
    pub undo: Rect,
    /// The whole puzzle; pieces are `piece` pixels each.
    pub puzzle: Rect,
    pub piece: (i32, i32),
    pub cols: usize,
}

impl ScrambleLayout {
    pub fn new(machine: &Machine, area: Rect, p: &Puzzle, aspect: f64) -> ScrambleLayout {
        let font = machine.look().title_font;
        let bh = font.height() as i32 + 8;
        let bw = font.text_width("Scramble") as i32 + 16;
        let gap = 6;
        let y = area.y + gap;
        let scramble = Rect::new(area.x + gap, y, bw, bh);
        let side = Rect::new(scramble.right() + gap, y, font.text_width("Pict") as i32 + 24, bh);
        let undo = Rect::new(side.right() + gap, y, font.text_width("Undo") as i32 + 24, bh);
        let room = Rect::from_edges(area.x + gap, y + bh + gap, area.right() - gap, area.bottom() - gap);
        // The largest rectangle of the picture's shape, in whole pieces.
        let (mut w, mut h) = (room.w as f64, room.w as f64 / aspect);
        if h > room.h as f64 {
            (w, h) = (room.h as f64 * aspect, room.h as f64);
        }
        let piece = ((w as i32 / p.cols as i32).max(4), (h as i32 / p.rows as i32).max(4));
        let puzzle = room.centred(piece.0 * p.cols as i32, piece.1 * p.rows as i32);
        ScrambleLayout { scramble, side, undo, puzzle, piece, cols: p.cols }
    }

    /// The rectangle of place `at`.
    pub fn place(&self, at: usize) -> Rect {
        let (x, y) = ((at % self.cols) as i32, (at / self.cols) as i32);
        Rect::new(self.puzzle.x + x * self.piece.0, self.puzzle.y + y * self.piece.1, self.piece.0, self.piece.1)
    }

    pub fn hit(&self, x: i32, y: i32) -> Option<usize> {
        self.puzzle.contains(x, y).then(|| {
            let (cx, cy) = ((x - self.puzzle.x) / self.piece.0, (y - self.puzzle.y) / self.piece.1);
            cy as usize * self.cols + cx as usize
        })
    }
}

pub struct ScrambleBoard {
    data_dir: PathBuf,
    /// Folders searched for pictures besides the built-in ones.
    picture_dirs: Vec<PathBuf>,
    picture: Picture,
    /// The number side is up.
    numbers: bool,
    dialog: Option<Dialog>,
    hinted: Option<usize>,
    pause: Pause,
    /// A solution known for a position, so following hints costs nothing.
    plan: Option<(Puzzle, Vec<Dir>)>,
    /// Change Size's note that its boxes take digits only.
    digits_note: DigitsNote,
    /// The remembered picture that could not be read, told once as the
    /// game opens: a sentence for the status line (the box in full is the
    /// settings' own, naming prefs.ini and the line).
    opening: (Option<String>, Option<Requester>),
    /// The remembered picture that could not be read (a file damaged, a
    /// disk not there), by its key: kept in prefs.ini in place of the
    /// picture shown until the player chooses another, so it is found
    /// again once it can be read.
    unread_choice: Option<String>,
    /// The fewest moves and the best time at the size as they stood
    /// before the game last counted, so its end tells a best beaten from
    /// one only equalled.
    bests_before: (Option<u64>, Option<u64>),
}

impl ScrambleBoard {
    pub fn new(data_dir: &std::path::Path, picture_dirs: Vec<PathBuf>) -> ScrambleBoard {
        let picture = Picture::load(&picture::default_source()).expect("the built-in pictures are tested");
        ScrambleBoard {
            data_dir: data_dir.to_path_buf(),
            picture_dirs,
            picture,
            numbers: false,
            dialog: None,
            hinted: None,
            pause: Pause::default(),
            plan: None,
            digits_note: DigitsNote::default(),
            opening: (None, None),
            unread_choice: None,
            bests_before: (None, None),
        }
    }

    pub fn layout(&self, st: &Scramble, machine: &Machine, area: Rect) -> ScrambleLayout {
        ScrambleLayout::new(machine, area, st.puzzle(), self.picture.aspect())
    }

    /// The picture shown.
    pub fn picture(&self) -> &Source {
        &self.picture.source
    }

    pub fn hinted(&self) -> Option<usize> {
        self.hinted
    }

    fn draw_piece(&self, s: &mut Surface, machine: &Machine, l: &ScrambleLayout, p: &Puzzle, at: usize) {
        let look = machine.look();
        let r = l.place(at);
        let tile = p.tile(at);
        if tile == 0 {
            if self.numbers {
                // Numbered pieces are the window's colour: the gap is shade.
                s.fill_rect(r, look.paint(Pen::Shadow));
            } else {
                // No picture is the window's own flat colour edged in black:
                // the gap is a hole through to the window, its edge sunk
                // (shaded above and to the left) where there is a shade to
                // draw it in, plain where a dither would pass for picture.
                s.fill_rect(r, look.paint(Pen::Background));
                s.frame_rect(r, look.paint(Pen::Text));
                if look.is_monochrome() {
                    // Paper alone would pass for a white piece (pieces are
                    // edged in black and paper too): the hole is hatched,
                    // a pattern no dithered picture makes.
                    s.stipple(r.inset(2, 2), HOLE, look.paint(Pen::Text).fore());
                } else {
                    bevel(s, machine, r.inset(1, 1), false);
                }
            }
            return;
        }
        if self.numbers {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, true);
            bevel(s, machine, r.inset(1, 1), true);
            let font = look.title_font;
            let text = tile.to_string();
            let (tw, th) = (font.text_width(&text) as i32, font.height() as i32);
            s.draw_text(
                font,
                &text,
                r.x + (r.w - tw) / 2,
                r.y + (r.h - th) / 2,
                look.paint(Pen::Text),
                TextStyle::PLAIN,
            );
        } else {
            let home = l.place(p.home(tile));
            let whole = self.picture.reduced(machine, l.puzzle.w as u32, l.puzzle.h as u32);
            s.blit(&whole, Rect::new(home.x - l.puzzle.x, home.y - l.puzzle.y, r.w, r.h), r.x, r.y);
            if look.is_monochrome() {
                // A bevel's grey would vanish in the dither, and a black
                // edge alone in a dark one: black with paper inside it,
                // which stands out on any picture.
                s.frame_rect(r, look.paint(Pen::Text));
                s.frame_rect(r.inset(1, 1), look.paint(Pen::Background));
            } else {
                bevel(s, machine, r, true);
            }
        }
    }

    /// The best results of every size played.
    fn best_results(&self) -> Reply<ScrambleVariant> {
        let (stats, unread) = Stats::for_showing(&self.data_dir);
        let mut lines = Vec::new();
        for cols in SIZE.0..=SIZE.1 {
            for rows in SIZE.0..=SIZE.1 {
                let id = format!("scramble/{cols}x{rows}");
                if let Some(g) = stats.game(&id).filter(|g| g.won > 0) {
                    let moves = g.best_moves.map_or_else(String::new, |m| plural(m, "move", "moves"));
                    let time = g.best_time_ms.map_or_else(String::new, |ms| clock(ms / 1000));
                    lines.push(format!("{cols} x {rows}: {moves}, {time}"));
                }
            }
        }
        if lines.is_empty() && unread.is_none() {
            lines.push("No puzzle has been solved yet.".into());
        }
        lines.extend(unread);
        Reply::Ask(Requester { title: "Best Results".into(), lines, buttons: vec!["OK".into()] })
    }

    /// Shows the picture chosen in the list: the list closes. One that
    /// cannot be read is told of over the list, which stays for another
    /// to be chosen.
    fn set_picture(&mut self, source: &Source) -> Reply<ScrambleVariant> {
        match Picture::load(source) {
            Ok(p) => {
                self.dialog = None;
                // Said, or nothing: a note on the picture before (cut to
                // its middle) must not stay beside this one.
                let said = p.cropped.clone().unwrap_or_default();
                self.picture = p;
                self.unread_choice = None;
                Reply::Say(said)
            }
            Err(e) => Reply::Ask(message_box(TITLE, &sentence(&e))),
        }
    }

    fn dialog_input(
        &mut self,
        session: &Session<ScrambleVariant>,
        input: &Input,
        machine: &Machine,
        area: Rect,
    ) -> Reply<ScrambleVariant> {
        let Some(dialog) = &mut self.dialog else { return Reply::Unchanged };
        match dialog {
            Dialog::Size(d) => {
                let noted = matches!(input, Input::Key { .. }) && self.digits_note.take_back();
                let outcome = d.input(input, machine, area);
                let reply = match self.closing(outcome) {
                    Err(reply) => reply,
                    // The size it is: the puzzle stays as it is, as Cancel
                    // leaves it, not dealt again in order.
                    Ok(size) if size == session.variant().size() => Reply::Redraw,
                    Ok((cols, rows)) => match ScrambleVariant::new(cols, rows, true) {
                        Ok(v) => Reply::Rules(v),
                        Err(e) => Reply::Ask(message_box(TITLE, &sentence(&e))),
                    },
                };
                reply.or_unsaid(noted)
            }
            Dialog::Picture(d) => match d.input(input, machine, area) {
                Outcome::Done(source) => self.set_picture(&source),
                outcome => self.closing(outcome).err().unwrap_or(Reply::Unchanged),
            },
        }
    }

    /// What a dialog's outcome asks of the board: the value chosen (the
    /// dialog then closes), or the reply to anything else.
    fn closing<T>(&mut self, outcome: Outcome<T>) -> Result<T, Reply<ScrambleVariant>> {
        match outcome {
            Outcome::Open(true) => Err(Reply::Redraw),
            Outcome::Open(false) => Err(Reply::Unchanged),
            Outcome::Refused(e) => Err(Reply::Ask(message_box(TITLE, &e))),
            Outcome::DigitsOnly(name) => Err(self.digits_note.say(name, (SIZE.0 as u32, SIZE.1 as u32))),
            Outcome::Cancel => {
                self.dialog = None;
                Err(Reply::Redraw)
            }
            Outcome::Done(value) => {
                self.dialog = None;
                Ok(value)
            }
        }
    }
}

impl Board<ScrambleVariant> for ScrambleBoard {
    fn title(&self) -> String {
        TITLE.into()
    }

    /// Each size keeps figures of its own: the box names the one shown.
    fn stats_name(&self, session: &Session<ScrambleVariant>) -> String {
        let v = session.variant();
        format!("{TITLE} {} x {}", v.cols(), v.rows())
    }

    /// The size's line in Best Results is a figure of its record: Best
    /// Results reads it there.
    fn reset_keeps(&self, _session: &Session<ScrambleVariant>) -> Option<String> {
        Some("Its line in Best Results goes too.".into())
    }

    /// The size again, for the Mac, whose boxes have no title to say it.
    fn stats_lines(&self, session: &Session<ScrambleVariant>, _stats: &GameStats) -> Vec<String> {
        let v = session.variant();
        vec![format!("Size: {} x {}", v.cols(), v.rows())]
    }

    fn menu_items(&self, _session: &Session<ScrambleVariant>) -> Vec<MenuItem> {
        vec![
            MenuItem::new(if self.numbers { "Show Picture" } else { "Show Numbers" }, Command::View(TURN_OVER)),
            MenuItem::new("Change Picture...", Command::View(CHANGE_PICTURE)),
            MenuItem::new("Change Size...", Command::View(CHANGE_SIZE)),
            pause::menu_item(self.pause.is_on()),
            MenuItem::new("Best Results...", Command::View(BEST_RESULTS)),
        ]
    }

    fn fields(&self, _session: &Session<ScrambleVariant>) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn draw(&self, session: &Session<ScrambleVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let l = self.layout(st, machine, area);
        button(s, machine, l.scramble, "Scramble", true);
        button(s, machine, l.side, if self.numbers { "Num" } else { "Pict" }, true);
        button(s, machine, l.undo, "Undo", undo_applies(self, session));
        let p = st.puzzle();
        if self.pause.is_on() {
            s.fill_rect(l.puzzle, look.paint(Pen::Shadow));
            pause::draw_sign(s, machine, l.puzzle);
        } else {
            for at in 0..p.len() {
                self.draw_piece(s, machine, &l, p, at);
            }
        }
        s.frame_rect(Rect::new(l.puzzle.x - 1, l.puzzle.y - 1, l.puzzle.w + 2, l.puzzle.h + 2), look.paint(Pen::Text));
        if let Some(at) = self.hinted.filter(|_| !self.pause.is_on()) {
            // White between two black lines: one of them shows on any
            // picture, at any depth.
            let r = l.place(at);
            let (dark, light) = (look.paint(Pen::Text), look.paint(Pen::Shine));
            for (k, pen) in [(0, dark), (1, light), (2, light), (3, dark)] {
                s.frame_rect(r.inset(k, k), pen);
            }
        }
        match &self.dialog {
            Some(Dialog::Size(d)) => d.draw(s, machine, area),
            Some(Dialog::Picture(d)) => d.draw(s, machine, area),
            None => {}
        }
    }

    fn input(
        &mut self,
        session: &Session<ScrambleVariant>,
        input: &Input,
        machine: &Machine,
        area: Rect,
    ) -> Reply<ScrambleVariant> {
        if self.dialog.is_some() {
            return self.dialog_input(session, input, machine, area);
        }
        let st = session.state();
        let l = self.layout(st, machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left | Button::Middle } => {
                if l.scramble.contains(x, y) {
                    return Reply::Command(Command::New);
                }
                if l.side.contains(x, y) {
                    return self.command(session, TURN_OVER);
                }
                if l.undo.contains(x, y) {
                    return Reply::Command(Command::Undo);
                }
                // The puzzle is covered: the click uncovers it.
                if l.puzzle.contains(x, y) && self.pause.resume() {
                    return Reply::Redraw;
                }
                match l.hit(x, y) {
                    Some(at) if at == st.puzzle().gap() => Reply::Unchanged,
                    Some(at) => Reply::Play(Slide(at)),
                    None => Reply::Unchanged,
                }
            }
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => {
                let d = match key {
                    Key::Char('t' | 'T') => return self.command(session, TURN_OVER),
                    Key::Char('p' | 'P') => return self.command(session, PAUSE),
                    _ => match ARROWS.iter().find(|a| a.0 == key) {
                        Some(&(_, d, _)) => d,
                        None => return Reply::Unchanged,
                    },
                };
                if self.pause.resume() {
                    return Reply::Redraw;
                }
                match st.step(d) {
                    Some(m) => Reply::Play(m),
                    None => Reply::Refuse("The gap is at that edge already.".into()),
                }
            }
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<ScrambleVariant>, command: ViewCommand) -> Reply<ScrambleVariant> {
        match command {
            TURN_OVER => {
                self.numbers = !self.numbers;
                Reply::Redraw
            }
            CHANGE_PICTURE => {
                let sources = picture::list(&self.picture_dirs);
                self.dialog = Some(Dialog::Picture(PictureDialog::new(sources, &self.picture.source)));
                Reply::Redraw
            }
            CHANGE_SIZE => {
                let v = session.variant();
                self.dialog = Some(Dialog::Size(SizeDialog::new(v.cols(), v.rows())));
                Reply::Redraw
            }
            BEST_RESULTS => self.best_results(),
            PAUSE if self.pause.switch() => Reply::Redraw,
            PAUSE => Reply::Say(NOTHING_TO_PAUSE.into()),
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, _session: &Session<ScrambleVariant>, command: ViewCommand) -> bool {
        matches!(command, TURN_OVER | CHANGE_PICTURE | CHANGE_SIZE | BEST_RESULTS)
            || (command == PAUSE && self.pause.applies())
    }

    /// A move, an undo or a new game goes on from a pause.
    fn reset(&mut self) {
        self.hinted = None;
        self.pause.resume();
    }

    /// A player who turns to another window finds the puzzle covered and
    /// its clock stopped, as Tetris holds its piece: the time of a solve
    /// is its record.
    fn on_focus_lost(&mut self, _session: &Session<ScrambleVariant>) -> Option<Slide> {
        self.pause.hold();
        None
    }

    fn paused(&self) -> bool {
        self.pause.is_on()
    }

    fn clock_counts(&mut self, counts: bool) {
        self.pause.clock_counts(counts);
    }

    fn boxed(&self) -> bool {
        self.dialog.is_some()
    }

    fn hint(&mut self, session: &Session<ScrambleVariant>) -> Result<Slide, String> {
        let st = session.state();
        let p = st.puzzle();
        if p.is_solved() {
            return Err("The pieces are in order: choose Scramble to shuffle them.".into());
        }
        let known = self.plan.as_ref().filter(|(at, steps)| at == p && !steps.is_empty()).map(|(_, s)| s[0]);
        let first = match known {
            Some(d) => d,
            None => {
                let steps = solver::solve(p).steps;
                let first = *steps.first().ok_or("No solution was found.")?;
                self.plan = Some((p.clone(), steps));
                first
            }
        };
        st.step(first).ok_or_else(|| "No solution was found.".into())
    }

    /// The hint names the arrow key that plays it, as often as it must be
    /// pressed, then the piece it slides and the way it goes: the key
    /// moves the gap, so it points the other way from the piece.
    fn ask_hint(&mut self, session: &Session<ScrambleVariant>) -> Reply<ScrambleVariant> {
        let found = self.hint(session);
        hint_worded(found, |m| arrow_hint(session.state(), m))
    }

    fn show_hint(&mut self, _session: &Session<ScrambleVariant>, m: &Slide) {
        self.hinted = Some(m.0);
    }

    fn moved(&mut self, session: &Session<ScrambleVariant>) -> Option<String> {
        // Following the plan keeps the rest of it.
        let now = session.state().puzzle();
        self.plan = self.plan.take().and_then(|(mut p, steps)| {
            let (&first, rest) = steps.split_first()?;
            p.shift(first);
            (p == *now).then(|| (p, rest.to_vec()))
        });
        None
    }

    fn ending(&self, session: &Session<ScrambleVariant>) -> String {
        format!("Solved in {}!", plural(session.move_count() as u64, "move", "moves"))
    }

    /// A win that sets a record at its size says which, as MineSweeper and
    /// Sokoban say theirs (the game is counted before this is asked).
    fn tally(&mut self, _session: &Session<ScrambleVariant>, _outcome: crate::core::Outcome, stats: &mut GameStats) {
        self.bests_before = (stats.best_moves, stats.best_time_ms);
    }

    fn finished(&mut self, session: &Session<ScrambleVariant>) -> Vec<String> {
        if session.state().status() != Status::Won {
            return Vec::new();
        }
        let stats = Stats::load(&self.data_dir).unwrap_or_default();
        let Some(record) = stats.game(session.variant().id()) else { return Vec::new() };
        let size = format!("{} x {}", session.variant().cols(), session.variant().rows());
        // A best this game set: kept as the record's, and better than the
        // one before it (a solution as short as the shortest is none).
        let set = |kept: Option<u64>, before: Option<u64>, now: Option<u64>| {
            now.is_some_and(|now| kept == Some(now) && before.is_none_or(|b| now < b))
        };
        let (moves_before, time_before) = self.bests_before;
        let fewest = set(record.best_moves, moves_before, self.moves(session));
        let quickest = set(record.best_time_ms, time_before, Some(session.elapsed_ms()));
        let set = match (fewest, quickest) {
            (true, true) => "your shortest solution and best time",
            (true, false) => "your shortest solution",
            (false, true) => "your best time",
            (false, false) => return Vec::new(),
        };
        vec![format!("A record at {size}: {set}!")]
    }

    /// Undo after Scramble reaches the start of the shuffle: a puzzle
    /// solved before it has nothing left to go back to.
    fn forgets_ended_games(&self) -> bool {
        true
    }

    fn new_rules(&self, session: &Session<ScrambleVariant>) -> Option<ScrambleVariant> {
        let v = session.variant();
        v.solved_start().then(|| ScrambleVariant::new(v.cols(), v.rows(), false).ok()).flatten()
    }

    /// The size kept is the game's shown: Scramble opens at the size last
    /// played.
    fn prefs(&self, session: &Session<ScrambleVariant>) -> Vec<(&'static str, String)> {
        let v = session.variant();
        vec![
            ("picture", self.unread_choice.clone().unwrap_or_else(|| self.picture.source.key())),
            ("side", if self.numbers { "numbers" } else { "picture" }.into()),
            ("cols", v.cols().to_string()),
            ("rows", v.rows().to_string()),
        ]
    }

    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        std::mem::take(&mut self.opening)
    }

    fn set_pref(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        match key {
            "picture" => match Picture::load(&Source::from_key(value)) {
                Ok(p) => {
                    self.picture = p;
                    self.unread_choice = None;
                }
                // The default stands in, and the player is told why their
                // picture is not there, with prefs.ini's line, in the
                // box of the settings. The file is left as it is, the
                // choice kept in prefs.ini (as scramble.guide says) until
                // another picture is chosen.
                Err(e) => {
                    // A file may come back; a built-in picture no longer
                    // built in will not.
                    let file = matches!(Source::from_key(value), Source::File(_));
                    self.unread_choice = file.then(|| value.to_string());
                    let shown = picture::default_source().label();
                    self.opening = (Some(format!("Your picture could not be read: the {shown} is shown.")), None);
                    let instead = format!("the {shown} is shown instead (Game > Change Picture... chooses another)");
                    return Err(Refused::new(e, instead));
                }
            },
            "side" => match value {
                "numbers" | "picture" => self.numbers = value == "numbers",
                _ => {
                    let side = if self.numbers { "numbers" } else { "picture" };
                    let names = ["picture", "numbers"];
                    return Err(unknown_word("side", value, &names, &format!("the {side} side")));
                }
            },
            _ => {}
        }
        Ok(())
    }
}

/// Slide `m` as a hint words it: the arrow key that plays it and how often
/// to press it, then the piece it slides and the way the piece goes
/// ("press Up to slide piece 6 down"; "press Left twice to slide piece 7
/// right with the one in front of it"). A click on the piece framed plays
/// it too.
fn arrow_hint(st: &Scramble, m: &Slide) -> String {
    let piece = st.describe_move(m);
    let Some((gap_goes, presses)) = st.puzzle().slide_steps(m.0) else { return piece };
    let Some(&(_, _, key)) = ARROWS.iter().find(|a| a.1 == gap_goes) else { return piece };
    let times = match presses {
        1 => String::new(),
        2 => " twice".into(),
        n => format!(" {n} times"),
    };
    format!("press {key}{times} to {piece}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key a hint names is the arrow that moves the gap towards the
    /// piece, the other way from the piece: in the solved 3 x 3 the gap
    /// is bottom right, 6 above it and 8 beside it.
    #[test]
    fn a_hint_names_the_arrow_key_that_plays_it() {
        let g = ScrambleVariant::new(3, 3, true).unwrap().deal(1);
        let said = |text: &str| arrow_hint(&g, &g.parse_move(text).unwrap());
        assert_eq!(said("slide 3,2"), "press Up to slide piece 6 down");
        assert_eq!(said("slide 2,3"), "press Left to slide piece 8 right");
        assert_eq!(said("slide 1,3"), "press Left twice to slide piece 7 right with the one in front of it");
        let wide = ScrambleVariant::new(4, 2, true).unwrap().deal(1);
        assert_eq!(
            arrow_hint(&wide, &Slide(4)),
            "press Left 3 times to slide piece 5 right with the 2 pieces in front of it"
        );
        // Each key named plays the slide it names.
        for (text, key) in [("slide 3,2", Key::Up), ("slide 2,3", Key::Left)] {
            let m = g.parse_move(text).unwrap();
            let &(_, d, _) = ARROWS.iter().find(|a| a.0 == key).unwrap();
            assert_eq!(g.step(d), Some(m), "{text}");
        }
    }
}
