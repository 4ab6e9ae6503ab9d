//! The launcher: the list of games with Play, Help and About, and beside
//! it a picture of the selected game (its game.bmp, or its opening
//! screen). The list scrolls (scroll bar, wheel, keys), a double-click
//! opens a game, and the selection and scroll position are kept for when
//! the launcher comes back.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::PathBuf;

use crate::core::files::in_any_case;
use crate::core::{GameStats, Stats};

use crate::gfx::{Font, Format, Rect, Rgb, Surface, TextStyle};
use crate::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Menu, MenuItem, Pen, Requester};
use crate::views::widgets::{self, ButtonFocus, DoubleClicks, FocusKey, ListLayout, ListScroll, TypeSelect};
use crate::views::{OPEN_SELECTED, Response, View};

use super::catalog::{self, Listing};
use super::{capture, settings};
use crate::host::{GameEntry, Kind, LeftOut, Places, Record, prefs};
use crate::machines::ViewCommand;
use crate::views::board::Refused;

/// The launcher's switch of winnable-only deals for every game.
const WINNABLE_DEALS: ViewCommand = ViewCommand("winnable-deals");

/// game.bmp's size: the preview is never drawn larger.
const PICTURE_W: u32 = 200;
const PICTURE_H: u32 = 150;

/// The launcher, or a chooser dialog (Game Type Selection, Open a Kept
/// Game): the same list with other buttons.
pub struct Launcher {
    title: String,
    /// What one entry of the list is ("game", "level", "kept game").
    noun: String,
    /// (id, name) of every game listed.
    games: Vec<(String, String)>,
    /// Of each name, the bytes at its end a row too narrow for it keeps
    /// (see [`GameEntry::kept_end`]); none where empty.
    kept_ends: Vec<usize>,
    /// What each listed game's picture is drawn from, where it has one.
    pictures: Vec<Option<Picture>>,
    selected: usize,
    /// The first row shown (and a knob being dragged); drawing may move it
    /// to bring the selection into view once, when the list first shows.
    scroll: Cell<ListScroll>,
    reveal: Cell<bool>,
    /// Double-clicks on the rows, which open them.
    clicks: DoubleClicks<usize>,
    buttons: &'static [(&'static str, Command)],
    /// The button Tab has moved the keyboard to, if any.
    focus: ButtonFocus,
    /// Letters typed to find a row.
    typed: TypeSelect,
    /// The selected game's picture, decoded and reduced.
    preview: RefCell<Option<Preview>>,
    /// Where the preferences the launcher sets for every game are kept
    /// (the launcher's own; choosers have none).
    data_dir: Option<PathBuf>,
    /// The game the data folder keeps as the one to start at (see
    /// [`Launcher::keep_selected`]), as read or last written.
    kept_game: Option<String>,
    /// Whether every game deals only the deals the solver proves winnable.
    winnable_only: bool,
    /// The statistics, for the selected game's record under its picture
    /// (the launcher's own, and only when they can be read; choosers have
    /// none).
    records: Option<Stats>,
    /// How far the player has come through each listed game's levels
    /// (Sokoban's), which its record ends with: the launcher's own.
    progress: Vec<Option<String>>,
    /// What the status line says after a choice.
    note: String,
    /// What could not be read or was left out: the launcher's own, and a
    /// family's plain chooser's.
    left_out: Vec<LeftOut>,
    /// What its rows are: of what was left out, things of this kind are
    /// left out of its list; the rest (boards, levels, which only their
    /// family's chooser lists) just cannot be read.
    rows: Kind,
    /// A file opened by its path, which `parlour lint` alone does not
    /// check, and what of `left_out` lies in it (a chooser's): the box
    /// names `parlour lint FILE` for those.
    opened_file: Option<(PathBuf, Vec<LeftOut>)>,
    /// Where the game selected has left the list since (broken while the
    /// launcher ran), the game selected in its place, for the box to say:
    /// Return again would otherwise play a game the player never chose.
    selected_instead: Option<String>,
}

/// The most left-out things the box names, so that it fits the smallest
/// screen; `parlour lint` names them all.
const LEFT_OUT_SHOWN: usize = 3;

/// `word` as a shell takes it whole: quoted where it holds a space or a
/// character the shell reads otherwise (a set's file name with spaces).
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:,@%".contains(c);
    if word.chars().all(plain) { word.to_string() } else { format!("'{}'", word.replace('\'', "'\\''")) }
}

/// What the box telling what was left out has named this run: each thing
/// is told once, not each time a game closes and the launcher comes back,
/// but a game type broken while Parlour runs is told when it is found.
static LEFT_OUT_TOLD: std::sync::Mutex<Vec<LeftOut>> = std::sync::Mutex::new(Vec::new());

/// A row's picture reduced to fit a frame: (row, the frame's inner size,
/// then the picture's width, height and pixels, or why there is none to
/// draw: empty for a row that has no picture).
/// The selected row's picture fitted to a frame, kept with what it was
/// made for: the row, the frame's size and the screen (a depth or skin
/// switched keeps the size but changes every colour).
type Preview = (usize, (i32, i32), MachineChoice, Result<Fitted, String>);

/// A picture reduced to fit: its width, height and pixels.
type Fitted = (u32, u32, Vec<Rgb>);

/// What a listed game's picture is drawn from.
#[derive(Clone)]
enum Picture {
    /// A game type's game.bmp (a picture of the YaZZle window), and the
    /// game's id for the other machines.
    File(PathBuf, String),
    /// The game's opening screen on the launcher's machine, for a game
    /// without a game.bmp (every game but the solitaire types).
    Opening(String),
}

/// The preferences section keeping the game last played from the
/// launcher, which a new run of the launcher starts at.
const LAUNCHER_PREFS: &str = "launcher";

/// The (id, name) of every game of `listing`, as the launcher lists them.
fn names_of(listing: &Listing) -> Vec<(String, String)> {
    listing.games.iter().map(|g| (g.id.to_string(), g.name.to_string())).collect()
}

/// How far the player whose files are kept in `dir` has come through
/// each of `games`' levels (see [`Family::progress`](crate::host::Family)).
fn progress_of(games: &[(String, String)], dir: &std::path::Path) -> Vec<Option<String>> {
    let places = Places { data_dir: dir.to_path_buf(), ..catalog::places() };
    let listed = catalog::games();
    let progress = |id: &str| {
        let game = listed.iter().find(|g| g.id == id)?;
        (game.family.progress)(game, &places).map(|progress| progress.sentence())
    };
    games.iter().map(|(id, _)| progress(id)).collect()
}

/// The row of `games` played last from the launcher kept in `dir`, if
/// any; a game it does not list (since removed, or mistyped) is told of
/// by prefs.ini's line, as every refused preference is, and the first
/// row selected.
fn last_played(dir: &std::path::Path, games: &[(String, String)]) -> Option<usize> {
    let mut row = None;
    prefs::give_to(dir, LAUNCHER_PREFS, |key, value| {
        if key == "game" {
            let first = games.first().map_or("the first game", |(_, name)| name.as_str());
            let why = format!("unknown game `{value}` (the launcher lists no game of that id)");
            let unknown = || Refused::new(why, format!("{first} is selected instead"));
            row = Some(games.iter().position(|(id, _)| id == value).ok_or_else(unknown)?);
        }
        Ok(())
    });
    row
}

/// The launcher's entry for `game`: its own id where it is listed, else
/// the entry its saves are kept under, else its family's one entry (a
/// board of Peg Solitaire, a level set of Sokoban). None for a game the
/// launcher does not list (a game type opened from a folder elsewhere).
pub fn listed_id(game: &GameEntry) -> Option<String> {
    let listed = catalog::games();
    let own = listed.iter().find(|g| g.id == game.id).or_else(|| listed.iter().find(|g| g.game_id == game.game_id));
    let family = || {
        let mut of_family = listed.iter().filter(|g| g.family.id == game.family.id);
        match (of_family.next(), of_family.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    };
    own.or_else(family).map(|g| g.id.clone())
}

/// The launcher's buttons, in order, with their commands.
const LAUNCHER_BUTTONS: [(&str, Command); 3] =
    [("Play", Command::View(OPEN_SELECTED)), ("Help", Command::View(HELP_SELECTED)), ("About", Command::About)];
/// The Help button: the help of the game selected, as Play plays it.
const HELP_SELECTED: ViewCommand = ViewCommand("help-selected");
const CHOOSER_BUTTONS: [(&str, Command); 2] = [("OK", Command::View(OPEN_SELECTED)), ("Cancel", Command::Close)];

thread_local! {
    /// Per list title, the game selected and the first row shown when the
    /// list was last used: the launcher comes back as it was left.
    static REMEMBERED: RefCell<HashMap<String, (String, usize)>> = RefCell::new(HashMap::new());
}

/// Where the launcher's parts go.
struct Parts {
    list: ListLayout,
    preview: Option<Rect>,
    /// The room under the picture for its caption.
    caption: Option<Rect>,
    buttons: Vec<Rect>,
}

/// The height of a line of the caption under the picture.
fn caption_line_h(font: &Font) -> i32 {
    font.height() as i32 + 1
}

impl Launcher {
    /// The launcher listing every game, as it was last left.
    pub fn new() -> Launcher {
        Launcher::in_data_dir(settings::data_dir())
    }

    /// The launcher listing every game, its choices and the game played
    /// last kept in the data folder `dir`.
    ///
    /// The games are read again: a game.ini edited or broken while a game
    /// was played shows in the list the launcher comes back with.
    pub fn in_data_dir(dir: PathBuf) -> Launcher {
        let listing = catalog::read_again();
        let mut l = Launcher::listing(names_of(&listing));
        if let Some((id, first)) = REMEMBERED.with(|r| r.borrow().get(&l.title).cloned()) {
            l.selected = l.games.iter().position(|(g, _)| *g == id).unwrap_or(0);
            l.scroll.set(ListScroll::at(first));
            l.reveal.set(false);
            // The launcher closed before this one kept it.
            l.kept_game = Some(id);
        } else if let Some(row) = last_played(&dir, &l.games) {
            // A new run starts at the game played last, brought into view.
            l.selected = row;
            l.kept_game = l.games.get(row).map(|(id, _)| id.clone());
        }
        l.keeping_choices_in(dir).telling_left_out(listing.left_out.to_vec(), Kind::GameType)
    }

    /// The launcher listing `listing`, read again, with the game selected
    /// kept selected where it is still listed; false if it is not (its
    /// game.ini broken or its folder gone since it was listed), when the
    /// row now in its place is selected, and the box says so.
    fn relist(&mut self, listing: &Listing) -> bool {
        let selected = self.games.get(self.selected).cloned();
        self.games = names_of(listing);
        self.pictures = self.games.iter().map(|(id, _)| picture_of(id)).collect();
        *self.preview.borrow_mut() = None;
        if let Some(dir) = &self.data_dir {
            self.progress = progress_of(&self.games, dir);
        }
        self.left_out = listing.left_out.to_vec();
        match self.games.iter().position(|(id, _)| selected.as_ref().is_some_and(|(was, _)| was == id)) {
            Some(row) => {
                self.selected = row;
                true
            }
            None => {
                self.selected = self.selected.min(self.games.len().saturating_sub(1));
                let now = self.games.get(self.selected).map(|(_, name)| name);
                self.selected_instead = selected
                    .zip(now)
                    .map(|((_, gone), now)| format!("{gone} is no longer listed: {now} is selected in its place."));
                false
            }
        }
    }

    /// The launcher with `id` selected and, when it first shows, scrolled
    /// into view: the game just closed (see [`listed_id`]). An id not
    /// listed leaves the selection as it was.
    pub fn selecting(self, id: &str) -> Launcher {
        let Some(row) = self.games.iter().position(|(g, _)| g == id) else { return self };
        let mut l = self;
        l.selected = row;
        l.reveal.set(true);
        l.remember();
        l
    }

    /// The launcher with choices for every game (winnable deals only),
    /// kept in the data folder `dir`. A game's Solver menu changes the
    /// same choice; the launcher is made anew when a game closes.
    pub fn keeping_choices_in(mut self, dir: PathBuf) -> Launcher {
        self.winnable_only = prefs::shared_on(&dir, prefs::WINNABLE);
        self.records = Stats::peek(&dir);
        self.progress = progress_of(&self.games, &dir);
        self.data_dir = Some(dir);
        self
    }

    fn toggle_winnable(&mut self) -> Response {
        let Some(dir) = &self.data_dir else { return Response::Unchanged };
        let on = !self.winnable_only;
        self.note = match prefs::set_shared(dir, prefs::WINNABLE, on) {
            Ok(()) => {
                self.winnable_only = on;
                crate::views::board::winnable_switch_said(on).into()
            }
            Err(e) => format!("The choice could not be kept: {e}"),
        };
        Response::Redraw
    }

    /// A launcher listing the given (id, name) pairs.
    pub fn listing(games: Vec<(String, String)>) -> Launcher {
        let pictures = games.iter().map(|(id, _)| picture_of(id)).collect();
        Launcher {
            title: "Parlour".into(),
            noun: "game".into(),
            games,
            kept_ends: Vec::new(),
            pictures,
            selected: 0,
            scroll: Cell::new(ListScroll::default()),
            reveal: Cell::new(true),
            clicks: DoubleClicks::default(),
            buttons: &LAUNCHER_BUTTONS,
            focus: ButtonFocus::default(),
            typed: TypeSelect::default(),
            preview: RefCell::new(None),
            data_dir: None,
            kept_game: None,
            winnable_only: false,
            records: None,
            progress: Vec::new(),
            note: String::new(),
            left_out: Vec::new(),
            rows: Kind::GameType,
            opened_file: None,
            selected_instead: None,
        }
    }

    /// The launcher telling of `left_out`, what could not be read (see
    /// [`catalog::left_out`]), its rows being of kind `rows`.
    pub fn telling_left_out(mut self, left_out: Vec<LeftOut>, rows: Kind) -> Launcher {
        self.left_out = left_out;
        self.rows = rows;
        self
    }

    /// The chooser telling that `left`, of what it tells of as left out,
    /// lies in `file`, opened by its path from outside the folders
    /// `parlour lint` checks alone: the box names the command that
    /// checks it for those it has no room for.
    pub fn left_out_of_file(mut self, file: PathBuf, left: Vec<LeftOut>) -> Launcher {
        self.opened_file = Some((file, left));
        self
    }

    /// What of `left_out` was left out, by kind in the order first met.
    fn by_kind(left_out: &[LeftOut]) -> Vec<(Kind, Vec<&LeftOut>)> {
        let mut kinds: Vec<(Kind, Vec<&LeftOut>)> = Vec::new();
        for left in left_out {
            match kinds.iter_mut().find(|(k, _)| *k == left.kind) {
                Some((_, items)) => items.push(left),
                None => kinds.push((left.kind, vec![left])),
            }
        }
        kinds
    }

    /// The box's heading over left-out things of `kind`: those of the
    /// kind its list holds are left out of it; the rest only cannot be
    /// read.
    fn left_out_heading(&self, kind: Kind) -> String {
        if kind == self.rows {
            "These are left out of the list:".into()
        } else {
            format!("These {} cannot be read:", kind.nouns().1)
        }
    }

    /// The box telling what was left out, as the launcher shows it once a
    /// run: each kind under its own heading, the first few things named.
    pub fn left_out_box(&self) -> Requester {
        self.box_telling(&self.left_out)
    }

    /// The box telling of `left_out`, some or all of what was left out.
    fn box_telling(&self, left_out: &[LeftOut]) -> Requester {
        let mut lines = Vec::new();
        let mut room = LEFT_OUT_SHOWN;
        for (kind, items) in Self::by_kind(left_out) {
            if room == 0 {
                break;
            }
            lines.push(self.left_out_heading(kind));
            lines.extend(items.iter().take(room).map(|left| format!("{}: {}", left.name, left.why)));
            room = room.saturating_sub(items.len());
        }
        // Only things of its own rows are left out of the list; the rest
        // are boards and levels that cannot be read.
        let unreadable_only = !left_out.is_empty() && left_out.iter().all(|left| left.kind != self.rows);
        let title = if unreadable_only { "Cannot Be Read" } else { "Left Out" };
        // Each line says all lint would of its file; where the box has no
        // room for them all, lint names every one. The count is of all, not
        // of those left out here: a short screen's box leaves out more.
        if left_out.len() > LEFT_OUT_SHOWN {
            let all: Vec<&LeftOut> = left_out.iter().collect();
            lines.push(format!("{} all {}.", self.lint_naming(&all), left_out.len()));
        }
        Requester { title: title.into(), lines, buttons: vec!["OK".into()] }
    }

    /// The `parlour lint` that names `left_out` ("parlour lint names"):
    /// alone, it checks the folders games are read from; a file opened by
    /// its path lies outside them, and is checked only when named.
    fn lint_naming(&self, left_out: &[&LeftOut]) -> String {
        let in_file = |left: &LeftOut| self.opened_file.as_ref().is_some_and(|(_, of_file)| of_file.contains(left));
        let mut commands = Vec::new();
        if left_out.iter().any(|left| !in_file(left)) {
            commands.push("parlour lint".to_string());
        }
        if let Some((file, _)) = &self.opened_file
            && left_out.iter().any(|left| in_file(left))
        {
            commands.push(format!("parlour lint {}", shell_word(&file.display().to_string())));
        }
        match commands.as_slice() {
            [one] => format!("{one} names"),
            _ => format!("{} name", commands.join(" and ")),
        }
    }

    /// A chooser dialog (Game Type Selection, Open...) listing (id, name)
    /// pairs by name, as the launcher lists its games, each a `noun`
    /// ("level"), with `current` selected, scrolled as it was last left.
    pub fn chooser(title: &str, noun: &str, mut games: Vec<(String, String)>, current: &str) -> Launcher {
        // A leading check box marks an entry (Sokoban's solved levels):
        // it is not part of the name the list is sorted by.
        let name = |n: &str| widgets::split_mark(n).1.to_string();
        games.sort_by(|(_, a), (_, b)| crate::host::by_name(&name(a), &name(b)));
        Launcher::chooser_as_given(title, noun, games, current)
    }

    /// A chooser dialog listing `games` in the order given (MineSweeper's
    /// field sizes, easiest first); otherwise as [`Launcher::chooser`].
    pub fn chooser_as_given(title: &str, noun: &str, games: Vec<(String, String)>, current: &str) -> Launcher {
        let mut l = Launcher::listing(games);
        l.title = title.into();
        l.noun = noun.into();
        l.buttons = &CHOOSER_BUTTONS;
        l.selected = l.games.iter().position(|(id, _)| id == current).unwrap_or(0);
        if let Some((_, first)) = REMEMBERED.with(|r| r.borrow().get(&l.title).cloned()) {
            l.scroll.set(ListScroll::at(first));
        }
        l
    }

    fn margin(area: Rect) -> i32 {
        (area.w / 24).max(6)
    }

    /// The list, the picture beside it and the buttons, inside `area`.
    fn parts(&self, machine: &Machine, area: Rect) -> Parts {
        let look = machine.look();
        let margin = Self::margin(area);
        let heading = look.title_font.height() as i32 * 2 + look.text_font.height() as i32;
        let button_h = look.title_font.height() as i32 + 8;
        let button_w = self.buttons.iter().map(|b| look.title_font.text_width(b.0) as i32).max().unwrap_or(0) + 24;
        let body = Rect::from_edges(
            area.x + margin,
            area.y + margin + heading,
            area.right() - margin,
            area.bottom() - margin * 2 - button_h,
        );
        // The picture takes a third of the width (game.bmp's own size at
        // most, with a 2-pixel frame), the list the rest. Its frame has
        // the screen's shape, which every picture but a game.bmp has (and
        // a game.bmp is the YaZZle window's, near enough), so the picture
        // fills it.
        let preview = self.pictures.iter().any(Option::is_some).then(|| {
            let room = |length: i32, most: u32| (length - 4).clamp(1, most as i32) as u32;
            let (w, h) = fit((look.width, look.height), (room(body.w / 3, PICTURE_W), room(body.h, PICTURE_H)));
            Rect::new(body.right() - w as i32 - 4, body.y, w as i32 + 4, h as i32 + 4)
        });
        let list_rect = match preview {
            Some(p) => Rect::from_edges(body.x, body.y, p.x - margin, body.bottom()),
            None => body,
        };
        let list = widgets::list_layout(machine, list_rect, self.games.len());
        let gap = margin;
        let total = self.buttons.len() as i32 * button_w + (self.buttons.len() as i32 - 1) * gap;
        let mut x = area.x + (area.w - total) / 2;
        let y = area.bottom() - margin - button_h;
        // The caption runs down to half a margin above the buttons, past
        // the list's last row: the SE/30's short list leaves the picture
        // room for one line beside it, and a record takes two or three.
        let line_h = caption_line_h(look.text_font);
        let caption = preview.map(|p| Rect::from_edges(p.x, p.bottom() + line_h / 2, p.right(), y - margin / 2));
        let buttons = self
            .buttons
            .iter()
            .map(|_| {
                let r = Rect::new(x, y, button_w, button_h);
                x += button_w + gap;
                r
            })
            .collect();
        Parts { list, preview, caption, buttons }
    }

    /// The first row shown, clamped to the list (and, the first time the
    /// list shows, moved to bring the selection into view).
    fn first_row(&self, list: &ListLayout) -> usize {
        list.first_row(&self.scroll, &self.reveal, self.selected, self.games.len())
    }

    /// The list's rows for a row `room` pixels wide: a name that keeps its
    /// end is shortened before it, and names that would read alike keep
    /// the words that tell them apart (see [`widgets::distinct_rows`]).
    fn rows(&self, font: &Font, room: i32) -> Vec<String> {
        let kept = |row: usize| self.kept_ends.get(row).copied().unwrap_or(0);
        let names: Vec<(&str, usize)> =
            self.games.iter().enumerate().map(|(row, (_, name))| (name.as_str(), kept(row))).collect();
        widgets::distinct_rows(font, &names, room)
    }

    /// The chooser with each entry's name shortened, where a row is too
    /// narrow for it, before its last `kept_ends[id]` bytes (see
    /// [`GameEntry::kept_end`]).
    pub fn keeping_ends(mut self, kept_ends: &HashMap<String, usize>) -> Launcher {
        self.kept_ends = self.games.iter().map(|(id, _)| kept_ends.get(id).copied().unwrap_or(0)).collect();
        self
    }

    /// Plays the game selected. The launcher's own list is read again
    /// first, so a game type is played as its game.ini is now; one that no
    /// longer reads leaves the list and is told of (see
    /// [`View::take_notice`]) instead of being played as it was.
    fn play_selected(&mut self) -> Response {
        if !self.read_again() {
            return Response::Redraw;
        }
        let Some((id, _)) = self.games.get(self.selected).cloned() else { return Response::Unchanged };
        self.keep_selected();
        Response::Command(Command::Play(id))
    }

    /// Keeps the game selected in the data folder (the launcher's own
    /// list), for the next run of the launcher to start at: the game
    /// played from it, or the one it was left on, the game just played
    /// when it was opened from one. Written only where it changed, so a
    /// folder that cannot be written is told of once.
    fn keep_selected(&mut self) {
        let (Some(dir), Some((id, _))) = (&self.data_dir, self.games.get(self.selected)) else { return };
        if self.kept_game.as_ref() == Some(id) {
            return;
        }
        if let Err(e) = prefs::write(dir, LAUNCHER_PREFS, &[("game", id.clone())]) {
            tell!("warning: the game selected could not be kept for the next start: {e}");
        }
        self.kept_game = Some(id.clone());
    }

    /// The launcher's own list (not a chooser's) read again from the
    /// game folders, as [`Launcher::relist`] does; false where the game
    /// selected is no longer listed.
    fn read_again(&mut self) -> bool {
        self.data_dir.is_none() || self.relist(&catalog::read_again())
    }

    /// Moves the selection to `row` and scrolls it into view.
    fn select(&mut self, row: usize, list: &ListLayout) -> Response {
        if self.games.is_empty() {
            return Response::Unchanged;
        }
        let row = row.min(self.games.len() - 1);
        let mut scroll = self.scroll.get();
        let changed = list.select(&mut scroll, &mut self.selected, row, self.games.len());
        self.scroll.set(scroll);
        if changed { Response::Redraw } else { Response::Unchanged }
    }

    /// Keeps the selection and scroll position for the next list of this
    /// title.
    fn remember(&self) {
        if let Some((id, _)) = self.games.get(self.selected) {
            let entry = (id.clone(), self.scroll.get().first);
            REMEMBERED.with(|r| r.borrow_mut().insert(self.title.clone(), entry));
        }
    }

    /// The selected game's picture reduced to fit `inner`, or why there
    /// is none, made once per selection, size and screen.
    fn picture(&self, machine: &Machine, inner: Rect) -> Result<Fitted, String> {
        let (size, screen) = ((inner.w, inner.h), machine.choice());
        let mut cache = self.preview.borrow_mut();
        let fresh = !matches!(&*cache, Some((row, at, on, _)) if (*row, *at, on) == (self.selected, size, &screen));
        if fresh {
            let picture = self.pictures.get(self.selected).cloned().flatten().ok_or_else(String::new);
            let full = picture.and_then(|p| p.full_size(machine));
            *cache = Some((self.selected, size, screen, full.map(|f| fitted(&f, inner))));
        }
        cache.as_ref().map_or_else(|| Err(String::new()), |(_, _, _, p)| p.clone())
    }

    /// The selected game's record in a sentence, every size, board and
    /// level of it together, as its family counts its games (won, or only
    /// scored).
    fn record(&self) -> Option<String> {
        let (records, (id, _)) = (self.records.as_ref()?, self.games.get(self.selected)?);
        let of_game = |game: &str| game == id || game.strip_prefix(id.as_str()).is_some_and(|r| r.starts_with('/'));
        // Only the figures a summary reads are summed: streaks and best
        // times of separate sizes do not add up.
        let together =
            records.games().filter(|(game, _)| of_game(game)).fold(GameStats::default(), |sum, (_, g)| GameStats {
                played: sum.played.saturating_add(g.played),
                won: sum.won.saturating_add(g.won),
                total_score: sum.total_score.saturating_add(g.total_score),
                best_score: sum.best_score.max(g.best_score),
                ..GameStats::default()
            });
        let record = catalog::games().iter().find(|g| g.id == *id).map_or(Record::Full, |g| g.family.record);
        Some(record.summary(&together))
    }

    /// How far the player has come through the selected game's levels.
    fn progress(&self) -> Option<String> {
        self.progress.get(self.selected).cloned().flatten()
    }

    /// The lines under the picture, as many as its room holds: the
    /// selected game's name where its row shortens it (two long names can
    /// read the same there), then how far the player has come through its
    /// levels and the game's record (see [`set_caption`]).
    fn caption(&self, machine: &Machine, parts: &Parts) -> Vec<String> {
        let Some(room) = parts.caption else { return Vec::new() };
        let font = machine.look().text_font;
        let row_room = widgets::row_room(parts.list.rows);
        let cut_name =
            self.games.get(self.selected).map(|g| g.1.as_str()).filter(|n| font.text_width(n) as i32 > row_room);
        let facts: Vec<String> = self.progress().into_iter().chain(self.record()).collect();
        let lines = usize::try_from(room.h / caption_line_h(font)).unwrap_or(0);
        set_caption(font, room.w, lines, cut_name, &facts)
    }

    /// The caption in its room under the picture.
    fn draw_caption(&self, s: &mut Surface, machine: &Machine, parts: &Parts) {
        let Some(room) = parts.caption else { return };
        let font = machine.look().text_font;
        for (i, line) in self.caption(machine, parts).iter().enumerate() {
            let y = room.y + i as i32 * caption_line_h(font);
            s.draw_text(font, line, room.x, y, machine.look().paint(Pen::Text), TextStyle::PLAIN);
        }
    }

    fn draw_preview(&self, s: &mut Surface, machine: &Machine, frame: Rect) {
        let look = machine.look();
        s.fill_rect(frame, look.paint(Pen::Background));
        match machine.id() {
            MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(frame, look.paint(Pen::Text)),
            _ => widgets::bevel(s, machine, frame, false),
        }
        let inner = frame.inset(2, 2);
        match self.picture(machine, inner) {
            Ok((w, h, pixels)) => {
                let (x, y) = (inner.x + (inner.w - w as i32) / 2, inner.y + (inner.h - h as i32) / 2);
                let old = s.set_clip(inner.intersect(&s.clip()));
                crate::gfx::reduce::draw_dithered(s, x, y, w, h, &pixels);
                s.set_clip(old);
            }
            Err(why) => {
                // "No picture", and below it why (a game.bmp that cannot be
                // read), in as many lines as the frame holds.
                let font = look.text_font;
                let line_h = font.height() as i32 + 1;
                let mut lines = vec!["No picture".to_string()];
                let room = usize::try_from(inner.h / line_h).unwrap_or(0);
                lines.extend(widgets::wrap(font, &why, inner.w - 4).into_iter().filter(|l| !l.is_empty()));
                lines.truncate(room.max(1));
                let top = inner.y + (inner.h - line_h * lines.len() as i32) / 2;
                let old = s.set_clip(inner.intersect(&s.clip()));
                for (i, line) in lines.iter().enumerate() {
                    let x = inner.x + (inner.w - font.text_width(line) as i32) / 2;
                    s.draw_text(font, line, x, top + i as i32 * line_h, look.paint(Pen::Disabled), TextStyle::PLAIN);
                }
                s.set_clip(old);
            }
        }
    }
}

/// A caption of `lines` lines of `width`: `name` (if any), then the
/// `facts` (a game's progress and record), a line apart where there is
/// room. The facts come first, then the name, whole where the lines left
/// hold it (the caption is where a name its row shortens is read whole),
/// then the blank lines: a name with too few lines left is shortened after
/// a word with "..." (or left out where none are left: its row shows it
/// shortened); facts that do not fit even so end in "...", never cut off
/// unsaid.
fn set_caption(font: &Font, width: i32, lines: usize, name: Option<&str>, facts: &[String]) -> Vec<String> {
    let facts: Vec<Vec<String>> = facts.iter().map(|f| widgets::wrap(font, f, width)).collect();
    let spare = lines.saturating_sub(facts.iter().map(Vec::len).sum());
    let name_needs = name.map_or(0, |n| widgets::wrap(font, n, width).len());
    let gaps = (facts.len() + usize::from(name.is_some())).saturating_sub(1);
    // A name is shown whole if it can be, the blank lines given up for
    // it; one that must be shortened anyway leaves them their room.
    let name_room = if name_needs <= spare || spare <= gaps { spare } else { spare - gaps };
    let name_lines = name_needs.min(name_room);
    let spaced = spare >= name_lines + gaps;
    let name = name.map(|n| widgets::wrap_within(font, n, width, name_lines)).filter(|l| !l.is_empty());
    let paragraphs: Vec<Vec<String>> = name.into_iter().chain(facts).collect();
    let caption = if spaced { paragraphs.join(&String::new()) } else { paragraphs.concat() };
    crate::machines::status::at_most(caption, lines)
}

/// What a listed game's picture is drawn from: its game.bmp if it is a
/// game type with one, else its opening screen; None for what is not a
/// game (a level, a kept game).
fn picture_of(id: &str) -> Option<Picture> {
    let listed = catalog::games();
    let entry = listed.iter().find(|g| g.id == id)?;
    let file = catalog::game_type(entry).map(|t| in_any_case(&t.folder, "game.bmp")).filter(|p| p.is_file());
    let id = entry.id.to_string();
    Some(match file {
        Some(path) => Picture::File(path, id),
        None => Picture::Opening(id),
    })
}

impl Picture {
    /// The picture at its own size, or why it cannot be read or drawn
    /// (short, for under "No picture"). game.bmp shows the YaZZle window:
    /// on the other machines the game's opening screen there stands in for
    /// it, in their own art and colours (a Windows window shrunk onto the
    /// Mac SE/30 was noise).
    fn full_size(&self, machine: &Machine) -> Result<Surface, String> {
        match self {
            Picture::File(path, _) if machine.id() == MachineId::Yazzle => {
                let bytes = crate::core::files::read_capped(path, crate::core::files::limits::PICTURE)
                    .map_err(|e| format!("game.bmp cannot be read ({e})"))?;
                let img = crate::gfx::image_io::decode_bmp("game.bmp", &bytes).map_err(|e| e.to_string())?;
                let mut full = Surface::rgb(img.width, img.height);
                for (i, (c, _)) in img.pixels.iter().enumerate() {
                    full.put((i as u32 % img.width) as i32, (i as u32 / img.width) as i32, c.to_u32());
                }
                Ok(full)
            }
            Picture::File(_, id) | Picture::Opening(id) => {
                let listed = catalog::games();
                let game = listed.iter().find(|g| g.id == *id).ok_or_else(String::new)?;
                let machine = Machine::new(&machine.choice(), machine.id()).map_err(|e| e.to_string())?;
                capture::opening(game, machine)
            }
        }
    }
}

/// `full` reduced to the largest size that fits `inner` with its shape
/// kept, never larger than game.bmp: (width, height, pixels). A 1-bit
/// screen is shrunk as two colours (its lines kept, its patterns
/// regular), any other picture by area averaging.
fn fitted(full: &Surface, inner: Rect) -> Fitted {
    let (fw, fh) = (full.width(), full.height());
    let room = |length: i32, most: u32| (length.max(1) as u32).min(most);
    let (w, h) = fit((fw, fh), (room(inner.w, PICTURE_W.min(fw)), room(inner.h, PICTURE_H.min(fh))));
    let pixels = match full.format() {
        Format::Indexed { bits: 1 } => crate::gfx::reduce::shrink_two_tone(full, w, h),
        _ => crate::gfx::reduce::area_average(full, w, h),
    };
    (w, h, pixels)
}

/// The largest size of `shape`'s proportions that fits `room`, both as
/// (width, height), its height rounded to the nearest pixel. A size it
/// gives fits itself exactly, so a picture of the shape a frame was made
/// for fills the frame.
fn fit(shape: (u32, u32), room: (u32, u32)) -> (u32, u32) {
    let [sw, sh, rw, rh] = [shape.0, shape.1, room.0, room.1].map(|n| u64::from(n.max(1)));
    // The height of width w, rounded, is (2 w sh + sw) / 2 sw; it stays
    // within rh while 2 w sh < sw (2 rh + 1).
    let widest = (sw * (2 * rh + 1) - 1) / (2 * sh);
    let w = rw.min(widest).max(1);
    let h = (2 * w * sh + sw) / (2 * sw);
    (w as u32, h.max(1) as u32)
}

impl Default for Launcher {
    fn default() -> Self {
        Launcher::new()
    }
}

/// What the About box says.
pub fn about() -> Requester {
    Requester {
        title: "About Parlour".into(),
        lines: vec![
            format!("Parlour {}", env!("CARGO_PKG_VERSION")),
            // One line, set to each machine's box width.
            "Period card and puzzle games, drawn as the machines they came from drew them.".into(),
        ],
        buttons: vec!["OK".into()],
    }
}

impl Launcher {
    /// Presses button `i`.
    fn press(&mut self, i: usize) -> Response {
        match &self.buttons[i].1 {
            Command::View(OPEN_SELECTED) => self.play_selected(),
            Command::View(HELP_SELECTED) => Response::Command(match self.games.get(self.selected) {
                Some((id, _)) => Command::HelpOn(id.clone()),
                None => Command::Help,
            }),
            cmd => Response::Command(cmd.clone()),
        }
    }

    fn handle(&mut self, input: &Input, parts: &Parts, first: usize, total: usize) -> Response {
        let list = &parts.list;
        let mut scroll = self.scroll.get();
        if scroll.input(input, list, total) {
            let moved = scroll != self.scroll.get();
            self.scroll.set(scroll);
            return if moved { Response::Redraw } else { Response::Unchanged };
        }
        if let Some(row) = list.row_for_key(input, self.selected, total) {
            return self.select(row, list);
        }
        if let Some(c) = self.typed.typed(input, self.selected) {
            let names: Vec<&str> = self.games.iter().map(|g| g.1.as_str()).collect();
            return self
                .typed
                .select(&names, self.selected, c)
                .map_or(Response::Unchanged, |row| self.select(row, list));
        }
        match *input {
            Input::Tick { ms } => {
                self.clicks.tick(ms);
                self.typed.tick(ms);
                Response::Unchanged
            }
            Input::MouseDown { x, y, button: Button::Left } => {
                if let Some(i) = parts.buttons.iter().position(|r| r.contains(x, y)) {
                    return self.press(i);
                }
                let Some(row) = list.row_at(first, total, x, y) else { return Response::Unchanged };
                if self.clicks.click(row) {
                    self.selected = row;
                    return self.play_selected();
                }
                if row != self.selected {
                    self.selected = row;
                    return Response::Redraw;
                }
                Response::Unchanged
            }
            Input::Key { key: Key::Enter | Key::Char(' '), .. } => self.play_selected(),
            Input::Key { key: Key::Escape, .. } if self.buttons.len() == CHOOSER_BUTTONS.len() => {
                Response::Command(Command::Close)
            }
            _ => Response::Unchanged,
        }
    }
}

impl View for Launcher {
    fn is_launcher(&self) -> bool {
        true
    }

    fn close(&mut self) {
        self.keep_selected();
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn menus(&self) -> Vec<Menu> {
        let mut items =
            vec![MenuItem::new("Play", Command::View(OPEN_SELECTED)).key('o').enabled(!self.games.is_empty())];
        if self.data_dir.is_some() {
            items.push(MenuItem::separator());
            items.push(MenuItem::new("Winnable Deals Only", Command::View(WINNABLE_DEALS)).checked(self.winnable_only));
        }
        vec![Menu::new("Game", items)]
    }

    fn message(&self) -> String {
        if !self.note.is_empty() {
            return self.note.clone();
        }
        let listed = match self.games.len() {
            0 => format!("No {}s are installed.", self.noun),
            1 => format!("1 {}", self.noun),
            n => format!("{n} {}s", self.noun),
        };
        if self.left_out.is_empty() {
            return listed;
        }
        // The list's own things left out are said with it, and what only
        // cannot be read in a sentence of its own, which a status line
        // too narrow for both drops whole (the box names each).
        let (own, unreadable): (Vec<_>, Vec<_>) =
            Self::by_kind(&self.left_out).into_iter().partition(|(kind, _)| *kind == self.rows);
        let mut said = match own.first() {
            Some((_, items)) => format!("{listed}; {} left out.", items.len()),
            None => format!("{listed}."),
        };
        if !unreadable.is_empty() {
            let counts: Vec<String> = unreadable.iter().map(|(kind, items)| kind.count(items.len())).collect();
            said.push_str(&format!(" {} cannot be read.", crate::core::and_list(&counts)));
        }
        said
    }

    fn take_notice(&mut self) -> Option<Requester> {
        let mut told = LEFT_OUT_TOLD.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let untold: Vec<LeftOut> = self.left_out.iter().filter(|left| !told.contains(left)).cloned().collect();
        let instead = self.selected_instead.take();
        if untold.is_empty() && instead.is_none() {
            return None;
        }
        told.extend(untold.iter().cloned());
        let mut notice = self.box_telling(&untold);
        notice.lines.extend(instead);
        Some(notice)
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let title_font = look.title_font;
        let title = self.title.as_str();
        let tw = title_font.text_width(title) as i32;
        let margin = Self::margin(area);
        s.draw_text(
            title_font,
            title,
            area.x + (area.w - tw) / 2,
            area.y + margin,
            look.paint(Pen::Text),
            TextStyle::BOLD,
        );
        let sub = format!("Choose a {}:", self.noun);
        s.draw_text(
            look.text_font,
            &sub,
            area.x + margin,
            area.y + margin + title_font.height() as i32 * 2 - 2,
            look.paint(Pen::Text),
            TextStyle::PLAIN,
        );
        let parts = self.parts(machine, area);
        let selected = (!self.games.is_empty()).then_some(self.selected);
        let first = self.first_row(&parts.list);
        let rows = self.rows(look.text_font, widgets::row_room(parts.list.rows));
        widgets::scrolled_list(s, machine, &parts.list, &rows, first, selected, self.focus.on_list());
        if let Some(p) = parts.preview {
            self.draw_preview(s, machine, p);
            self.draw_caption(s, machine, &parts);
        }
        let buttons: Vec<_> = (self.buttons.iter().zip(&parts.buttons))
            .map(|((label, cmd), r)| (*label, *r, *cmd != Command::View(OPEN_SELECTED) || !self.games.is_empty()))
            .collect();
        self.focus.draw(s, machine, &buttons);
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let parts = self.parts(machine, area);
        let total = self.games.len();
        let first = self.first_row(&parts.list);
        let back_to_list = match self.focus.input(input, self.buttons.len()) {
            FocusKey::Moved => return Response::Redraw,
            FocusKey::Pressed(i) => return self.press(i),
            FocusKey::ToList => true,
            FocusKey::Other => false,
        };
        let response = self.handle(input, &parts, first, total);
        self.remember();
        // The mark on the button the keyboard left is drawn away.
        if back_to_list && response == Response::Unchanged { Response::Redraw } else { response }
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        if !self.can(command) {
            return None;
        }
        Some(match command {
            Command::View(WINNABLE_DEALS) => self.toggle_winnable(),
            _ => self.play_selected(),
        })
    }

    fn can(&self, command: &Command) -> bool {
        match command {
            Command::View(OPEN_SELECTED) => !self.games.is_empty(),
            Command::View(WINNABLE_DEALS) => self.data_dir.is_some(),
            _ => false,
        }
    }

    /// Ticks count the time between two clicks while one may become a
    /// double-click, and after a character typed while a name is being
    /// typed.
    fn wants_ticks(&self) -> bool {
        self.clicks.waiting() || self.typed.is_typing(self.selected)
    }

    /// Back from the help, the list is as the game folders are now: a
    /// game type mended while the help was read is listed again, and one
    /// broken meanwhile is told of, as Play would.
    fn uncovered(&mut self) {
        self.read_again();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game kept in prefs.ini that the launcher does not list, and a
    /// Winnable Deals Only switch neither 1 nor 0, are told of by their
    /// lines, as the games tell a refused preference, and the first game
    /// is selected with the switch off; good ones are taken unsaid.
    #[test]
    fn a_kept_game_or_switch_of_no_use_is_told_by_its_line() {
        use crate::host::warnings;
        let (dir, _, prefs) = crate::host::prefs::test_places();
        std::fs::write(&prefs, "[all]\nwinnable=1\n[launcher]\ngame=tetris\n").unwrap();
        let l = Launcher::in_data_dir(dir.path().to_path_buf());
        assert_eq!((l.games[l.selected].0.as_str(), l.winnable_only), ("tetris", true));
        assert!(warnings::take().is_none());
        std::fs::write(&prefs, "[all]\nwinnable=yes\n[launcher]\ngame=vic20-pong\n").unwrap();
        let l = Launcher::in_data_dir(dir.path().to_path_buf());
        assert_eq!((l.selected, l.winnable_only), (0, false));
        let told = || warnings::take().expect("not told").lines.join(" ");
        let at = |line| format!("{}:{line}: ", prefs.display());
        let unknown = "unknown game `vic20-pong` (the launcher lists no game of that id)";
        assert_eq!(told(), format!("{}{unknown}; {} is selected instead.", at(4), l.games[0].1));
        assert_eq!(told(), at(2) + "`yes` is neither 1 (on) nor 0 (off); the switch stays off.");
    }

    /// Play from the launcher lists the games as they are now: a game
    /// type whose game.ini broke since it was listed leaves the list, and
    /// is told of once by its line, the others kept; one edited is played
    /// by its new rules (its family reads it afresh, see
    /// [`catalog::find_in`]).
    #[test]
    fn a_game_type_broken_since_it_was_listed_leaves_the_list_and_is_told() {
        let (ini, places) = catalog::tests::trial("Broken Later");
        catalog::tests::trial("Kept");
        let mut l = Launcher::listing(Vec::new());
        assert!(!l.relist(&Listing::read(&places)), "nothing was selected");
        l.selected = l.games.iter().position(|(_, name)| name == "Broken Later").expect("listed");
        assert!(l.relist(&Listing::read(&places)), "still listed");
        let text = std::fs::read_to_string(&ini).unwrap().replace("[Game]", "[Gmae]");
        std::fs::write(&ini, text).unwrap();
        assert!(!l.relist(&Listing::read(&places)), "no longer listed");
        let names: Vec<&str> = l.games.iter().map(|(_, name)| name.as_str()).collect();
        assert!(names.contains(&"Kept") && !names.contains(&"Broken Later"), "{names:?}");
        let told = l.take_notice().expect("the broken game type is told of");
        assert_eq!(told.title, "Left Out");
        assert!(told.lines[1].starts_with(&format!("Broken Later: {}:", ini.display())), "{:?}", told.lines);
        // The row after it is selected now: Return again would play it,
        // so the box says so.
        let instead = &l.games[l.selected].1;
        assert_eq!(
            told.lines.last().unwrap(),
            &format!("Broken Later is no longer listed: {instead} is selected in its place.")
        );
        assert!(l.take_notice().is_none(), "told once");
    }

    /// The launcher shown again once the help over it closes lists the
    /// games as their folders are now, where it kept the list it had.
    #[test]
    fn the_launcher_lists_the_games_again_when_it_shows_again() {
        let dir = tempfile::tempdir().unwrap();
        let mut l = Launcher::listing(Vec::new()).keeping_choices_in(dir.path().to_path_buf());
        l.uncovered();
        let listed: Vec<&str> = l.games.iter().map(|(id, _)| id.as_str()).collect();
        assert!(listed.contains(&"klondike"), "{listed:?}");
        let mut chooser = Launcher::chooser_as_given("Open a Kept Game", "kept game", Vec::new(), "");
        chooser.uncovered();
        assert!(chooser.games.is_empty(), "a chooser lists what it was given");
    }

    /// A new run of the launcher starts at the game last played from it.
    #[test]
    fn the_launcher_starts_at_the_game_played_last() {
        let dir = tempfile::tempdir().unwrap();
        let first = Launcher::in_data_dir(dir.path().to_path_buf());
        assert_eq!(first.selected, 0, "nothing played yet");
        let tetris = first.games.iter().position(|(id, _)| id == "tetris").unwrap();
        let mut chosen = first;
        chosen.selected = tetris;
        assert_eq!(chosen.play_selected(), Response::Command(Command::Play("tetris".into())));
        let next = Launcher::in_data_dir(dir.path().to_path_buf());
        assert_eq!(next.games[next.selected].0, "tetris");
    }

    /// Under its picture the launcher gives the selected game's record,
    /// every size of it together: games won, or for Tetris, which is only
    /// scored, the best and average scores. A broken statistics file gives its previous
    /// copy's record (none here), and is left for the game to set aside
    /// and tell of.
    #[test]
    fn the_selected_game_s_record_shows_under_its_picture() {
        let dir = tempfile::tempdir().unwrap();
        let mut stats = Stats::default();
        stats.game_mut("mines/beginner").record(crate::core::Outcome::Won, 0);
        stats.game_mut("mines/expert").record(crate::core::Outcome::Lost, 0);
        stats.game_mut("mines/expert").record(crate::core::Outcome::Lost, 0);
        stats.game_mut("minesweeper-like").record(crate::core::Outcome::Won, 0);
        for score in [1064, 909, 127] {
            stats.game_mut("tetris").record(crate::core::Outcome::Lost, score);
        }
        stats.save(dir.path()).unwrap();
        let mut l = Launcher::in_data_dir(dir.path().to_path_buf());
        let row = |l: &Launcher, id: &str| l.games.iter().position(|(g, _)| g == id).unwrap();
        l.selected = row(&l, "mines");
        assert_eq!(l.record().as_deref(), Some("Played 3, won 1 (33%)."));
        l.selected = row(&l, "tetris");
        assert_eq!(l.record().as_deref(), Some("Played 3, best 1064, average 700."), "Tetris is scored, never won");
        l.selected = row(&l, "sokoban");
        assert_eq!(l.record().as_deref(), Some("No game finished yet."));
        assert_eq!(l.progress().as_deref(), Some("Levels solved: 0 of 24."), "Sokoban's set's count");

        let broken = Stats::path(dir.path());
        std::fs::write(&broken, "[mines/beginner]\nplayed = lots\n").unwrap();
        let l = Launcher::in_data_dir(dir.path().to_path_buf());
        assert_eq!(l.record(), None);
        assert!(std::fs::read_to_string(&broken).unwrap().contains("lots"), "the broken file is left where it is");
        assert!(Launcher::chooser("Levels", "level", vec![("a".into(), "A".into())], "a").record().is_none());
    }

    /// A name its row shortens ("Klondike..." for two names alike) is
    /// given whole under the picture, wrapped, on the Amiga's narrow list;
    /// a name the row shows whole is not repeated.
    #[test]
    fn a_name_its_row_shortens_is_shown_whole_under_the_picture() {
        let m = Machine::new(&crate::machines::MachineChoice::default(), MachineId::AmigaPal).unwrap();
        let names = ["Klondike Variations Easy", "Klondike Variations Hard", "Golf"];
        let mut l = Launcher::listing(names.iter().map(|n| (n.to_lowercase(), n.to_string())).collect());
        l.pictures = names.iter().map(|_| picture_of("klondike")).collect();
        let parts = l.parts(&m, m.content());
        l.selected = 1;
        let caption = l.caption(&m, &parts);
        assert!(caption.len() > 1, "wrapped: {caption:?}");
        assert_eq!(caption.join(" "), "Klondike Variations Hard");
        let mut s = m.new_surface();
        l.draw(&mut s, &m, m.content());
        assert!(s.take_clipped_text().is_empty(), "every line fits");
        l.selected = 2;
        assert!(l.caption(&m, &parts).is_empty(), "Golf is whole in its row");
    }

    fn machine(id: MachineId) -> Machine {
        Machine::new(&crate::machines::MachineChoice::default(), id).unwrap()
    }

    /// The caption the launcher means to show under its picture, and how
    /// many lines of text are drawn there (bands of inked pixel rows in
    /// the picture's columns, from under it down to the buttons).
    fn caption_drawn(l: &Launcher, m: &Machine) -> (Vec<String>, usize) {
        let mut s = m.new_surface();
        l.draw(&mut s, m, m.content());
        assert!(s.take_clipped_text().is_empty(), "{:?}: every line fits", m.id());
        let parts = l.parts(m, m.content());
        let frame = parts.preview.expect("a picture");
        let paper = s.get(frame.x, frame.bottom() + 1);
        let inked = |y: i32| (frame.x..frame.right()).any(|x| s.get(x, y) != paper);
        let rows: Vec<bool> = (frame.bottom() + 1..parts.buttons[0].y).map(inked).collect();
        let bands =
            rows.iter().zip(std::iter::once(&false).chain(&rows)).filter(|&(now, before)| *now && !before).count();
        (l.caption(m, &parts), bands)
    }

    /// The lines of a caption with words on them.
    fn worded(caption: &[String]) -> usize {
        caption.iter().filter(|line| !line.is_empty()).count()
    }

    /// What a caption says, its lines joined.
    fn words(caption: &[String]) -> String {
        caption.iter().filter(|line| !line.is_empty()).cloned().collect::<Vec<_>>().join(" ")
    }

    /// Every line of the record under the picture is drawn on every
    /// machine: the SE/30's short list left the picture room for one line
    /// beside it, and Tetris's record and Sokoban's count and record take
    /// two; the caption runs on below the list, above the buttons.
    #[test]
    fn the_whole_record_shows_under_the_picture_on_every_machine() {
        let dir = tempfile::tempdir().unwrap();
        let mut stats = Stats::default();
        stats.game_mut("tetris").record(crate::core::Outcome::Lost, 1022);
        stats.game_mut("sokoban/parlour/1").record(crate::core::Outcome::Lost, 0);
        stats.save(dir.path()).unwrap();
        let mut l = Launcher::in_data_dir(dir.path().to_path_buf());
        for id in MachineId::ALL {
            let m = machine(id);
            for (game, said) in [
                ("tetris", "Played 1, best 1022, average 1022."),
                ("sokoban", "Levels solved: 0 of 24. Played 1, won 0 (0%)."),
            ] {
                l.selected = l.games.iter().position(|(g, _)| g == game).unwrap();
                let (caption, drawn) = caption_drawn(&l, &m);
                assert_eq!(words(&caption), said);
                assert_eq!(drawn, worded(&caption), "{id:?}, {game}: every line of {caption:?} drawn");
            }
        }
    }

    /// A long name under the picture is shown whole where the caption has
    /// the room (the Amiga DblPAL cut it at three lines above twenty empty
    /// ones), else shortened after a word with "...", and leaves the
    /// record its room: on the Amiga PAL it ran on over eight lines and
    /// pushed the record off the screen, on the SE/30 it kept its first
    /// line only.
    #[test]
    fn a_long_name_under_the_picture_leaves_room_for_the_record() {
        let long = "Klondike Variations Zany With A Rather Long Name Indeed For Testing The Launcher Layout";
        let mut l = Launcher::listing(vec![("zany".into(), long.into())]);
        l.pictures = vec![picture_of("klondike")];
        let mut stats = Stats::default();
        stats.game_mut("zany").record(crate::core::Outcome::Won, 0);
        l.records = Some(stats);
        for id in MachineId::ALL {
            let m = machine(id);
            let (caption, drawn) = caption_drawn(&l, &m);
            assert_eq!(drawn, worded(&caption), "{id:?}: every line of {caption:?} drawn");
            assert!(words(&caption).ends_with("Played 1, won 1 (100%)."), "{id:?}: the record whole: {caption:?}");
            let name = caption.iter().take_while(|line| !line.starts_with("Played")).filter(|l| !l.is_empty());
            let name: Vec<&String> = name.collect();
            let whole = name.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(" ");
            if id == MachineId::AmigaPal {
                assert!(whole.ends_with("..."), "{id:?}: shortened, and says so: {whole}");
            } else {
                assert_eq!(whole, long, "{id:?}: whole where there is room");
            }
        }
    }

    /// Names a narrow list would shorten alike ("Klondike..." four times
    /// on the Amiga PAL) keep the words at their ends that tell them
    /// apart, as does one shortened to another's whole name ("Klondike...",
    /// under "Klondike"); a name alone in its shortening keeps it.
    #[test]
    fn names_the_list_shortens_alike_stay_apart() {
        let m = machine(MachineId::AmigaPal);
        let names = [
            "Klondike Variations Easy",
            "Klondike Variations Hard",
            "Klondike Variations Medium",
            "Klondike Variations Zany With A Rather Long Name Indeed For Testing The Launcher Layout",
            "Seahaven Towers Extraordinarily Long",
            "Klondike",
            "Klondike Extraordinarily Long",
        ];
        let mut l = Launcher::listing(names.iter().map(|n| (n.to_lowercase(), n.to_string())).collect());
        l.pictures = names.iter().map(|_| picture_of("klondike")).collect();
        let parts = l.parts(&m, m.content());
        let rows = l.rows(m.look().text_font, widgets::row_room(parts.list.rows));
        assert_eq!(
            rows,
            [
                "Klondike... Easy",
                "Klondike... Hard",
                "Klondike... Medium",
                "Klondike... Layout",
                "Seahaven Towers...",
                "Klondike",
                "Klondike... Long"
            ]
        );
    }

    /// The list marks that it has the keyboard, and the mark goes when Tab
    /// takes the keyboard to the buttons: on the Macs its frame thickens,
    /// elsewhere dots ring the selected row.
    #[test]
    fn the_list_shows_when_it_has_the_keyboard() {
        for id in MachineId::ALL {
            let m = machine(id);
            let mut l = Launcher::listing(vec![("golf".into(), "Golf".into()), ("klondike".into(), "Klondike".into())]);
            let drawn = |l: &Launcher| {
                let mut s = m.new_surface();
                l.draw(&mut s, &m, m.content());
                s
            };
            let on_list = drawn(&l);
            l.input(&Input::Key { key: Key::Tab, mods: Default::default() }, &m, m.content());
            let on_play = drawn(&l);
            let list = l.parts(&m, m.content()).list.rows.inset(-1, -1);
            let marked = (list.y..list.bottom())
                .flat_map(|y| (list.x..list.right()).map(move |x| (x, y)))
                .filter(|&(x, y)| on_list.get(x, y) != on_play.get(x, y))
                .count();
            assert!(marked > 20, "{id:?}: {marked} pixels tell the list has the keyboard");
        }
    }

    /// A game.bmp that cannot be read shows "No picture" and, under it,
    /// why, within the frame.
    #[test]
    fn a_broken_game_bmp_says_why_under_no_picture() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.bmp");
        let good = crate::gfx::image_io::encode_bmp(&Surface::rgb(200, 150));
        std::fs::write(&path, &good[..good.len() - 100]).unwrap();
        let yazzle = Machine::new(&crate::machines::MachineChoice::default(), MachineId::Yazzle).unwrap();
        let picture = Picture::File(path, "klondike".into());
        let why = picture.full_size(&yazzle).err();
        assert_eq!(why.as_deref(), Some("game.bmp: a BMP Parlour cannot read (it is cut short)"));

        let frame = Rect::new(10, 10, 204, 154);
        let drawn = |picture: Option<Picture>| {
            let mut l = Launcher::listing(vec![("klondike".into(), "Klondike".into())]);
            l.pictures = vec![picture];
            let mut s = yazzle.new_surface();
            l.draw_preview(&mut s, &yazzle, frame);
            assert!(s.take_clipped_text().is_empty(), "every line fits the frame");
            // Rows inside the bevel with any pixel unlike the background.
            let inner = frame.inset(3, 3);
            let inked = |y: i32| (inner.x..inner.right()).any(|x| s.get(x, y) != s.get(inner.x, inner.y));
            (inner.y..inner.bottom()).filter(|&y| inked(y)).count()
        };
        let (said, bare) = (drawn(Some(picture)), drawn(None));
        assert!(said > 2 * bare, "the reason takes more lines than \"No picture\" alone: {said} rows, {bare}");
    }

    /// A depth or skin switched redraws the picture in the new screen's
    /// colours: the frame keeps its size, and the picture made for the
    /// old screen was shown on (a 16-colour felt greyed on 4 colours).
    #[test]
    fn the_picture_follows_a_depth_or_skin_switched() {
        let screens = |id: MachineId| {
            let every = MachineChoice::every_screen().into_iter().filter(move |c| c.id == Some(id));
            every.map(|c| Machine::new(&c, id).unwrap()).collect::<Vec<_>>()
        };
        let mut skins = screens(MachineId::Yazzle);
        for skin in ["plastique", "transcrippled"] {
            let choice = MachineChoice { id: Some(MachineId::Yazzle), skin: Some(skin.into()), ..Default::default() };
            skins.push(Machine::new(&choice, MachineId::Yazzle).unwrap());
        }
        for machines in [screens(MachineId::MacColor), skins] {
            let switched = Launcher::listing(vec![("mines".into(), "MineSweeper".into())]);
            for (before, after) in machines.iter().zip(machines.iter().skip(1)) {
                let inner = switched.parts(after, after.content()).preview.expect("a picture").inset(2, 2);
                switched.picture(before, inner).unwrap();
                let fresh = Launcher::listing(vec![("mines".into(), "MineSweeper".into())]);
                let (shown, wanted) = (switched.picture(after, inner), fresh.picture(after, inner));
                assert!(shown == wanted, "{:?} after {:?}", after.choice(), before.choice());
            }
        }
    }

    /// The selected game's picture fills its frame on every screen (the
    /// SE/30's, wider than game.bmp's 4:3, left a band below it), and a
    /// 1-bit screen's picture keeps its felt a regular pattern (averaged
    /// and dithered, it was noise).
    #[test]
    fn the_picture_fills_its_frame_and_a_one_bit_felt_stays_a_pattern() {
        for choice in crate::machines::MachineChoice::every_screen() {
            let m = Machine::new(&choice, MachineId::Yazzle).unwrap();
            let l = Launcher::listing(vec![("klondike".into(), "Klondike".into())]);
            let inner = l.parts(&m, m.content()).preview.expect("a picture").inset(2, 2);
            let (w, h, pixels) = l.picture(&m, inner).unwrap();
            assert_eq!((w as i32, h as i32), (inner.w, inner.h), "{choice:?}: the picture fills its frame");
            if m.look().is_monochrome() {
                // The felt under Klondike's first pile, above the status
                // line.
                let at = |x: u32, y: u32| pixels[(y * w + x) as usize];
                for (x, y) in (h * 3 / 4..h * 7 / 8).flat_map(|y| (w / 32..w / 8).map(move |x| (x, y))) {
                    assert!(at(x, y) == at(x + 2, y) && at(x, y) == at(x, y + 2), "{choice:?}: felt at ({x}, {y})");
                }
            }
        }
    }
}
