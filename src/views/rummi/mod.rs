//! Rummi's table on any machine (its own is the Amiga): the program's tray
//! at the top, the table, your tray at the bottom with the gadget in the
//! corner. Click a tile to pick it up, click again to drop it: on a series
//! (it joins the proper end, or splits the run), on a free place (a new
//! series), back on your tray, or on the program's tray to swap a
//! duplicate. The gadget takes a tile (or passes, the pile empty) before
//! you have moved and says OK after. A tray of more tiles than two rows
//! hold scrolls, a row at a time, with its scroll bar or the wheel. From
//! the keyboard, the arrows move a cursor over the same places (scrolling
//! your tray to follow it) and Space or Return clicks there; Escape puts a
//! picked tile back; Page Up and Page Down scroll a tray.
//!
//! The program plays its turns through [`program::Program`], tile by tile.

pub mod config;
pub mod layout;
pub mod program;
pub mod screen_mode;
pub mod tiles;

use std::cell::Cell;
use std::path::{Path, PathBuf};

use crate::core::{Action, GameStats, Session, Step, plural};
use crate::games::rummi::computer::{self, Level};
use crate::games::rummi::moves::{Move, Source, Target};
use crate::games::rummi::rules::{Ending, PENALTY, Rummi, RummiVariant, Side};
use crate::games::rummi::sets::fit;
use crate::games::rummi::tile::{Kind, TileId};
use crate::gfx::{Paint, Rect, Rgb, Surface, TextStyle};
use crate::machines::{
    Button, Command, Input, Key, Look, Machine, MachineId, Menu, MenuItem, Pen, Requester, ViewCommand,
};

use super::board::{Board, Refused, Reply, records_trouble, restart_item, select_game_item, unknown_word};
use super::widgets::{self, ListLayout, ListScroll, ScrollBar};
use config::ScreenConfig;
use layout::{Facing, Layout, TRAY_ROWS, TrayGrid, TrayOf};
use program::{Act, Program};
use screen_mode::{ModeDialog, Outcome};

pub const SINGLE: ViewCommand = ViewCommand("single-play");
pub const ABOUT: ViewCommand = ViewCommand("about-rummi");
pub const BEGINNER: ViewCommand = ViewCommand("beginner");
pub const EXPERT: ViewCommand = ViewCommand("expert");
pub const FRONT: ViewCommand = ViewCommand("screen-front");
/// The machines with screens in front of and behind one another.
const SCREEN_MACHINES: &[MachineId] = &[MachineId::AmigaPal, MachineId::AmigaDblPal];
pub const BACK: ViewCommand = ViewCommand("screen-back");
pub const WORKBENCH: ViewCommand = ViewCommand("workbench");
pub const SET_MODE: ViewCommand = ViewCommand("set-mode");

/// A tile picked up and not yet dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    Tray(Kind),
    Table { series: usize, kind: Kind },
}

impl Held {
    fn source(self) -> Source {
        match self {
            Held::Tray(k) => Source::Tray(k),
            Held::Table { series, kind } => Source::Table { series, kind },
        }
    }

    fn kind(self) -> Kind {
        self.source().kind()
    }
}

/// A place the keyboard cursor can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Tray(usize),
    Cell(u16, u16),
    Gadget,
    Program,
    Pile,
}

pub struct RummiBoard {
    data_dir: PathBuf,
    level: Level,
    config: ScreenConfig,
    held: Option<Held>,
    /// Where the press that picked up the held tile went down, while the
    /// button is still down: let go elsewhere, the tile is dropped there.
    picked_at: Option<(i32, i32)>,
    /// Where the mouse last was on this machine's screen, a held tile
    /// drawn there. `None` once the keyboard moves the cursor or the
    /// machine changes (the point was another screen's): the tile is then
    /// drawn at the cursor, or without one over its own place.
    pointer: Option<(i32, i32)>,
    /// The requester about an invalid play has been shown: OK again pays
    /// the penalty.
    warned: bool,
    /// That requester has been shown this turn: the series the turn may
    /// not end with (invalid sets, a short first play) stay framed on the
    /// table until the turn is over, as the requester hid the table while
    /// it said what was wrong.
    framing: bool,
    program: Program,
    /// The screen is behind the Workbench (Screen > Back).
    behind: bool,
    dialog: Option<ModeDialog>,
    /// The machine the board is shown on: the one it opened on, then the
    /// one it was last drawn on. Set Mode opens on the screen in use there
    /// and a new game is dealt the table that fits it; only drawing is
    /// told the machine before a menu command comes.
    shown_on: Cell<Option<MachineId>>,
    /// A machine to switch to once the new game of Set Mode is dealt.
    pending_machine: Option<MachineId>,
    cursor: Option<Spot>,
    /// What the board tells as it opens (see [`Board::opening_notice`]):
    /// a Rummi.config that could not be used as it was.
    trouble: Option<(String, Requester)>,
    /// Said at the next tick: a Rummi.config damaged since the board
    /// opened, set aside as Set Mode wrote the new one.
    news: Option<String>,
    /// What a game just dealt opens with, not yet said: that the program
    /// plays first (the player would otherwise meet "Wait" as the first
    /// word), or what the 2 under the pile means.
    opening: Option<&'static str>,
    /// Each tray's scrolling, by [`TrayOf::index`]. Cells, because the
    /// first row is settled whenever the tray is laid out, drawing too.
    scroll: [Cell<ListScroll>; 2],
    /// A tile just come to your tray, to scroll into view when the tray
    /// is next laid out.
    reveal: Cell<Option<TileId>>,
}

impl RummiBoard {
    /// The board for a player whose files are in `data_dir`, opening on
    /// the machine `on` where it is known. It reads Rummi.config as it
    /// opens (before anything else does: the launcher and the chooser only
    /// look), so that it can set a broken one aside and tell of it.
    pub fn new(data_dir: &Path, on: Option<MachineId>) -> RummiBoard {
        let loaded = config::load(data_dir);
        let trouble = records_trouble(config::WHAT, "Rummi", &loaded);
        let config = loaded.map(|l| l.value).unwrap_or_default();
        RummiBoard {
            data_dir: data_dir.to_path_buf(),
            level: Level::Expert,
            config,
            held: None,
            picked_at: None,
            pointer: None,
            warned: false,
            framing: false,
            program: Program::default(),
            behind: false,
            dialog: None,
            shown_on: Cell::new(on),
            pending_machine: None,
            cursor: None,
            trouble,
            news: None,
            opening: None,
            scroll: Default::default(),
            reveal: Cell::new(None),
        }
    }

    /// The variant a new game is dealt with: the table that fits the
    /// screen in use on the machine the board is shown on (on the DblPAL
    /// with no Rummi.config, DBLPAL at 640 x 512, not PAL's table), or
    /// where Set Mode offers no screen (a Mac) or no machine is known yet,
    /// the screen Rummi.config asks for.
    pub fn variant(&self) -> RummiVariant {
        let screen = self.shown_on.get().and_then(|id| self.screen_in_use(id)).unwrap_or(self.config);
        let (cols, rows) = screen.grid();
        RummiVariant::sized(cols, rows).unwrap_or_default()
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The part of the content area the game uses: on the mode Set Mode
    /// chose, the size it chose (no larger than the display); elsewhere
    /// all of it.
    fn screen(&self, machine: &Machine, area: Rect) -> Rect {
        match machine.id() {
            id if id == self.config.mode.machine => {
                let h = self.config.height as i32 - config::TITLE_BAR as i32;
                Rect::new(area.x, area.y, area.w.min(self.config.width as i32), area.h.min(h))
            }
            _ => area,
        }
    }

    /// The screen in use on the machine `id` as Set Mode offers it:
    /// Rummi.config's where it names this machine's mode, otherwise the
    /// whole of this machine's mode; `None` on a machine Set Mode does not
    /// offer (a Mac), which its OK leaves for the mode chosen.
    fn screen_in_use(&self, id: MachineId) -> Option<ScreenConfig> {
        if id == self.config.mode.machine {
            return Some(self.config);
        }
        config::MODES.iter().find(|m| m.machine == id).map(|&mode| ScreenConfig::clamped(mode, mode.max.0, mode.max.1))
    }

    /// The layout of `st` on `machine`.
    pub fn layout(&self, st: &Rummi, machine: &Machine, area: Rect) -> Layout {
        let t = st.table();
        Layout::fit(self.screen(machine, area), t.cols(), t.rows(), t.rows_used(), widgets::bar_width(machine))
    }

    /// Which way up a tray's tiles lie: the program's are face down until
    /// the game is over.
    fn facing(st: &Rummi, of: TrayOf) -> Facing {
        match of {
            TrayOf::Program if !st.is_over() => Facing::Down,
            _ => Facing::Up,
        }
    }

    fn side(of: TrayOf) -> Side {
        match of {
            TrayOf::Player => Side::Player,
            TrayOf::Program => Side::Program,
        }
    }

    /// How a tray's tiles lie now: scrolled where it was left, or (yours)
    /// to show a tile just taken. The first row is kept, settled.
    fn tray_grid(&self, st: &Rummi, l: &Layout, of: TrayOf) -> TrayGrid {
        let tray = st.tray(Self::side(of));
        let mut grid = l.tray_grid(of, tray.len(), Self::facing(st, of), self.scroll[of.index()].get().first);
        let taken = match of {
            TrayOf::Player => self.reveal.take().and_then(|id| tray.iter().position(|&t| t == id)),
            TrayOf::Program => None,
        };
        if let Some(i) = taken {
            grid = grid.showing(i);
        }
        self.set_first_row(of, grid.first_row());
        grid
    }

    fn set_first_row(&self, of: TrayOf, first: usize) {
        let cell = &self.scroll[of.index()];
        let mut scroll = cell.get();
        scroll.first = first;
        cell.set(scroll);
    }

    /// Where a click lands on a table tile, a tray tile in view, the
    /// gadget, the program's tray, the pile or an arrow or the knob of
    /// your tray's scroll bar (for scripts and tests that click like a
    /// player): `gadget`, `program`, `pile`, `tray 5`, `cell 2:7`,
    /// `scroll up`, `scroll down`, `scroll knob`.
    pub fn point(&self, st: &Rummi, machine: &Machine, area: Rect, spot: &str) -> Option<(i32, i32)> {
        let l = self.layout(st, machine, area);
        let centre = |r: Rect| (r.x + r.w / 2, r.y + r.h / 2);
        match spot {
            "gadget" => Some(centre(l.gadget)),
            "program" => Some(centre(l.program_tray)),
            "pile" => Some(centre(l.pile_box)),
            _ => {
                let (what, rest) = spot.split_once(' ')?;
                match what {
                    "tray" => {
                        let i: usize = rest.parse().ok()?;
                        self.tray_grid(st, &l, TrayOf::Player).tile(i).map(centre)
                    }
                    "scroll" => {
                        let grid = self.tray_grid(st, &l, TrayOf::Player);
                        let bar = ScrollBar::new(machine, grid.bar?);
                        match rest {
                            "up" => Some(centre(bar.up)),
                            "down" => Some(centre(bar.down)),
                            "knob" => bar.knob(grid.first_row(), TRAY_ROWS, grid.rows()).map(centre),
                            _ => None,
                        }
                    }
                    "cell" => {
                        let (r, c) = rest.split_once(':')?;
                        Some(centre(l.cell(r.parse().ok()?, c.parse().ok()?)))
                    }
                    _ => None,
                }
            }
        }
    }

    fn held_tray_index(&self, st: &Rummi) -> Option<usize> {
        match self.held? {
            Held::Tray(k) => st.tray(Side::Player).iter().position(|t| t.kind() == k),
            Held::Table { .. } => None,
        }
    }

    fn held_cell(&self, st: &Rummi) -> Option<(u16, u16)> {
        match self.held? {
            Held::Table { series, kind } => {
                let s = st.table().series().get(series)?;
                let pos = s.tiles.iter().position(|t| t.kind() == kind)?;
                Some((s.row, s.col + pos as u16))
            }
            Held::Tray(_) => None,
        }
    }

    /// The series on `row` whose tiles or either neighbouring cell are at
    /// `col`, nearest first.
    fn series_near(st: &Rummi, row: u16, col: u16) -> Vec<usize> {
        let mut near: Vec<usize> = st
            .table()
            .series()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.row == row && col + 1 >= s.col && col <= s.end())
            .map(|(i, _)| i)
            .collect();
        let on = |i: &usize| {
            let s = &st.table().series()[*i];
            !(s.col..s.end()).contains(&col)
        };
        near.sort_by_key(on);
        near
    }

    fn click(&mut self, st: &Rummi, l: &Layout, x: i32, y: i32) -> Reply<RummiVariant> {
        if st.is_over() {
            return Reply::Say(format!("{} Game > New game starts another.", ending_of(st)));
        }
        if st.turn() != Side::Player {
            return Reply::Say("Wait: the program is playing.".into());
        }
        if l.gadget.contains(x, y) {
            return self.gadget(st);
        }
        let Some(held) = self.held else {
            if let Some(i) = self.tray_grid(st, l, TrayOf::Player).hit(x, y) {
                self.held = Some(Held::Tray(st.tray(Side::Player)[i].kind()));
                return Reply::Redraw;
            }
            if let Some((row, col)) = l.cell_at(x, y) {
                let found = st
                    .table()
                    .series()
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.row == row && (s.col..s.end()).contains(&col));
                if let Some((i, s)) = found {
                    self.held = Some(Held::Table { series: i, kind: s.tiles[usize::from(col - s.col)].kind() });
                    return Reply::Redraw;
                }
                return Reply::Unchanged;
            }
            if l.program_tray.contains(x, y) {
                return Reply::Say("To swap, bring a duplicate here.".into());
            }
            if l.pile_box.contains(x, y) {
                return Reply::Tell(Self::pile_said(st));
            }
            return Reply::Unchanged;
        };
        if l.program_tray.contains(x, y) || l.pile_box.contains(x, y) {
            return self.swap(st, held);
        }
        if l.player_tray.contains(x, y) {
            return match held {
                Held::Tray(_) => {
                    self.held = None;
                    Reply::Redraw
                }
                Held::Table { .. } => Reply::Play(Move::Put { from: held.source(), to: Target::Tray }),
            };
        }
        let Some((row, col)) = l.cell_at(x, y) else { return Reply::Unchanged };
        if self.held_cell(st) == Some((row, col)) {
            self.held = None;
            return Reply::Redraw;
        }
        let near = Self::series_near(st, row, col);
        let own = match held {
            Held::Table { series, .. } => Some(series),
            Held::Tray(_) => None,
        };
        let fits = near
            .iter()
            .copied()
            .filter(|&i| Some(i) != own)
            .find(|&i| fit(&st.table().series()[i].kinds(), held.kind()).is_some());
        let to = match (fits, near.first()) {
            (Some(i), _) => Target::Series(i),
            (None, Some(&i)) if Some(i) == own => {
                self.held = None;
                return Reply::Redraw;
            }
            (None, Some(&i)) => Target::Series(i),
            (None, None) => Target::Cell { row, col },
        };
        Reply::Play(Move::Put { from: held.source(), to })
    }

    /// The gadget: take a tile, or OK (with a requester first when the
    /// play is invalid, and the penalty on a second OK).
    fn gadget(&mut self, st: &Rummi) -> Reply<RummiVariant> {
        self.held = None;
        if !st.moved() {
            return Reply::Play(Move::Draw);
        }
        match st.end_problem() {
            None => Reply::Play(Move::Done),
            Some(_) if self.warned => Reply::Play(Move::Penalty),
            Some(why) => {
                self.warned = true;
                self.framing = true;
                Reply::Ask(Requester {
                    title: "Rummi".into(),
                    // One paragraph each: each machine sets it to its width.
                    lines: vec![why, Self::penalty_said(st)],
                    buttons: vec!["OK".into()],
                })
            }
        }
    }

    /// What OK again costs, as the penalty really takes back: the invalid
    /// series once you have made your first play; before it, every tile
    /// you played this turn, valid sets too (a short first play is all
    /// taken back).
    fn penalty_said(st: &Rummi) -> String {
        let back = if st.melded(Side::Player) { "the invalid series go" } else { "the tiles you played go" };
        // The series framed: one, or several (two invalid, or a short
        // first play of two sets).
        let framed = if st.faulty_series().count() == 1 {
            "It is framed on the table. Put it right"
        } else {
            "They are framed on the table. Put them right"
        };
        // The OK that pays is the one beside your tray, as it is labelled
        // on every screen: "OK again" read as this box's own OK.
        format!(
            "{framed}, or press the OK beside your tray again: {back} back to your tray and you take {PENALTY} tiles."
        )
    }

    /// A click on the pile says what its figures mean: the number of
    /// tiles left, first, as the figure always there, then the 2 of the
    /// program's duplicate under it, and the swap that allows while the
    /// player holds a pair too (as the turn's start said it).
    fn pile_said(st: &Rummi) -> String {
        let left = match st.pile().len() {
            0 => "The pile is empty.".to_string(),
            n => format!("{} left in the pile.", plural(n as u64, "tile", "tiles")),
        };
        match (pair_shows(st), st.duplicates(Side::Player).is_empty()) {
            (false, _) => left,
            (true, true) => format!("{left} {PAIR_SIGN}"),
            (true, false) => format!("{left} {PAIR_SIGN} You may swap one of yours."),
        }
    }

    fn swap(&mut self, st: &Rummi, held: Held) -> Reply<RummiVariant> {
        let Held::Tray(give) = held else {
            return Reply::Refuse("Only your own tiles can be swapped.".into());
        };
        if !st.duplicates(Side::Player).contains(&give) {
            return Reply::Refuse(format!("You hold only one {give}: only duplicates can be swapped."));
        }
        match computer::program_gives(st, give, self.level) {
            Some(take) => Reply::Play(Move::Swap { give, take }),
            None => Reply::Refuse("The program has no tile to swap.".into()),
        }
    }

    /// Where a keyboard spot is: a tray tile out of view stands for the
    /// nearest one in view.
    fn spot_rect(&self, st: &Rummi, l: &Layout, spot: Spot) -> Rect {
        match spot {
            Spot::Tray(i) => {
                let grid = self.tray_grid(st, l, TrayOf::Player);
                grid.nearest_in_view(i).and_then(|i| grid.tile(i)).unwrap_or(l.player_tray)
            }
            Spot::Cell(r, c) => l.cell(r, c),
            Spot::Gadget => l.gadget,
            Spot::Program => l.program_tray,
            Spot::Pile => l.pile_box,
        }
    }

    /// The keyboard cursor at `spot`. On one bit a tray or the pile in
    /// its plain box is shown inverted, as the Mac highlights: the
    /// cursor's rings just outside would only thicken the box's own frame
    /// (on the SE/30 the cursor on the pile could hardly be seen), and
    /// further out they would run off the screen's edge.
    fn draw_cursor(&self, st: &Rummi, s: &mut Surface, look: &Look, l: &Layout, spot: Spot) {
        let r = self.spot_rect(st, l, spot);
        let boxed = matches!(spot, Spot::Program | Spot::Pile) && !tiles::wood_shows(s, look, r);
        if boxed && look.is_monochrome() {
            let (dark, light) = widgets::darkest_and_lightest(look);
            s.swap_values(r.inset(-1, -1), dark, light);
        } else {
            widgets::bold_cursor_frame(s, look, r);
        }
    }

    fn spot_point(&self, st: &Rummi, l: &Layout, spot: Spot) -> (i32, i32) {
        let r = self.spot_rect(st, l, spot);
        (r.x + r.w / 2, r.y + r.h / 2)
    }

    /// The arrows move the cursor, scrolling your tray to follow it; Home
    /// and End take it to the first and last place of its row (on your
    /// tray, the row's first tile and the gadget: a long tray took a
    /// Right a tile to cross); Space and Return click under it.
    fn key(&mut self, st: &Rummi, l: &Layout, key: Key) -> Reply<RummiVariant> {
        let grid = self.tray_grid(st, l, TrayOf::Player);
        let n = st.tray(Side::Player).len();
        let (cols, rows) = (l.cols as u16, l.rows as u16);
        let first_use = self.cursor.is_none();
        let at = match self.cursor {
            // Scrolled away by the mouse: the cursor is where it shows.
            Some(Spot::Tray(i)) => Spot::Tray(grid.nearest_in_view(i).unwrap_or(0)),
            Some(spot) => spot,
            None if n > 0 => Spot::Tray(grid.in_view().start),
            None => Spot::Gadget,
        };
        let nearest_col = |x: i32| (((x - l.table.x) / l.pitch.0).clamp(0, l.cols - 1)) as u16;
        let tile_x = |i: usize| grid.tile(i).map_or(l.player_tray.x, |r| r.x);
        // From the table down: the tile below on the top row in view.
        let nearest_tray =
            |x: i32| grid.in_view().take(grid.per_row()).min_by_key(|&i| (tile_x(i) - x).abs()).unwrap_or(0);
        let moved = match (key, at) {
            // The first key only shows the cursor: no tile is picked unseen.
            _ if first_use
                && matches!(key, Key::Left | Key::Right | Key::Up | Key::Down | Key::Char(' ') | Key::Enter) =>
            {
                at
            }
            (Key::Char(' ') | Key::Enter, _) => {
                self.cursor = Some(at);
                let (x, y) = self.spot_point(st, l, at);
                return self.click(st, l, x, y);
            }
            (Key::Escape, _) if self.held.is_some() => {
                self.held = None;
                return Reply::Redraw;
            }
            (Key::PageUp | Key::PageDown, _) => return self.page(st, l, at, key == Key::PageDown),
            (Key::Left, Spot::Tray(i)) => Spot::Tray(i.saturating_sub(1)),
            (Key::Right, Spot::Tray(i)) if i + 1 < n => Spot::Tray(i + 1),
            (Key::Right, Spot::Tray(_)) => Spot::Gadget,
            (Key::Up, Spot::Tray(i)) if grid.row_of(i) > 0 => Spot::Tray(i - grid.per_row()),
            (Key::Up, Spot::Tray(i)) => Spot::Cell(rows - 1, nearest_col(tile_x(i))),
            (Key::Down, Spot::Tray(i)) if grid.row_of(i) + 1 < grid.rows() => {
                Spot::Tray((i + grid.per_row()).min(n - 1))
            }
            (Key::Left, Spot::Gadget) => Spot::Tray(grid.in_view().end.saturating_sub(1)),
            (Key::Up, Spot::Gadget) => Spot::Cell(rows - 1, cols - 1),
            (Key::Left, Spot::Cell(r, c)) => Spot::Cell(r, c.saturating_sub(1)),
            (Key::Right, Spot::Cell(r, c)) => Spot::Cell(r, (c + 1).min(cols - 1)),
            (Key::Up, Spot::Cell(0, _)) => Spot::Program,
            (Key::Up, Spot::Cell(r, c)) => Spot::Cell(r - 1, c),
            (Key::Down, Spot::Cell(r, c)) if r + 1 < rows => Spot::Cell(r + 1, c),
            (Key::Down, Spot::Cell(_, c)) => Spot::Tray(nearest_tray(l.cell(0, c).x)),
            (Key::Down, Spot::Program) => Spot::Cell(0, 0),
            // The pile beside the program's tray: its figures said, or a
            // duplicate swapped, as a click on it does.
            (Key::Right | Key::End, Spot::Program) => Spot::Pile,
            (Key::Left | Key::Home, Spot::Pile) => Spot::Program,
            (Key::Down, Spot::Pile) => Spot::Cell(0, cols - 1),
            (Key::Home, Spot::Tray(i)) => Spot::Tray(i - i % grid.per_row()),
            (Key::Home, Spot::Gadget) => Spot::Tray(grid.in_view().start),
            (Key::End, Spot::Tray(_)) => Spot::Gadget,
            (Key::Home, Spot::Cell(r, _)) => Spot::Cell(r, 0),
            (Key::End, Spot::Cell(r, _)) => Spot::Cell(r, cols - 1),
            _ => return Reply::Unchanged,
        };
        if let Spot::Tray(i) = moved {
            self.set_first_row(TrayOf::Player, grid.showing(i).first_row());
        }
        self.move_cursor(moved);
        Reply::Redraw
    }

    /// Puts the keyboard cursor on `spot`, a held tile with it.
    fn move_cursor(&mut self, spot: Spot) {
        self.cursor = Some(spot);
        self.pointer = None;
    }

    /// Where a held tile is drawn: at the mouse, or where the mouse has
    /// not moved on this screen, just off the middle of the cursor's
    /// place (or its own, with no cursor) so the place still shows.
    fn hand(&self, st: &Rummi, l: &Layout) -> (i32, i32) {
        if let Some(at) = self.pointer {
            return at;
        }
        let own = || match self.held_cell(st) {
            Some((row, col)) => Spot::Cell(row, col),
            None => Spot::Tray(self.held_tray_index(st).unwrap_or(0)),
        };
        let (x, y) = self.spot_point(st, l, self.cursor.unwrap_or_else(own));
        (x + 2, y + 2)
    }

    /// Page Up and Page Down scroll a tray a row: the program's with the
    /// cursor on it, else yours, the cursor keeping its place on the
    /// screen while the tiles pass under it.
    fn page(&mut self, st: &Rummi, l: &Layout, at: Spot, down: bool) -> Reply<RummiVariant> {
        let of = if at == Spot::Program { TrayOf::Program } else { TrayOf::Player };
        let grid = self.tray_grid(st, l, of);
        let first = if down { grid.first_row() + 1 } else { grid.first_row().saturating_sub(1) };
        let scrolled = grid.scrolled_to(first);
        if scrolled.first_row() == grid.first_row() {
            return Reply::Unchanged;
        }
        self.set_first_row(of, scrolled.first_row());
        if let (Some(_), Spot::Tray(i)) = (self.cursor, at) {
            let step = grid.per_row();
            let i = if down { i + step } else { i.saturating_sub(step) };
            self.move_cursor(Spot::Tray(i.min(st.tray(Side::Player).len().saturating_sub(1))));
        }
        Reply::Redraw
    }

    /// The wheel over a tray and a tray's scroll bar (its arrows, track and
    /// knob); None when the input was not theirs. They work whoever's turn
    /// it is and after the game, when the program's tiles show.
    fn scroll_input(&self, st: &Rummi, l: &Layout, machine: &Machine, input: &Input) -> Option<Reply<RummiVariant>> {
        for of in [TrayOf::Player, TrayOf::Program] {
            let grid = self.tray_grid(st, l, of);
            let Some(bar) = grid.bar else { continue };
            let list = ListLayout {
                rows: grid.tiles,
                bar: Some(ScrollBar::new(machine, bar)),
                row_h: l.pitch.1,
                visible: TRAY_ROWS,
            };
            let mut scroll = self.scroll[of.index()].get();
            let taken = match *input {
                // A row a notch: the tray shows only two.
                Input::Wheel { x, y, dy } if l.tray(of).contains(x, y) => {
                    let first = grid.first_row().saturating_add_signed(dy as isize);
                    scroll.first = grid.scrolled_to(first).first_row();
                    true
                }
                Input::Wheel { .. } => false,
                _ => scroll.input(input, &list, grid.rows()),
            };
            if taken {
                self.scroll[of.index()].set(scroll);
                return Some(if scroll.first != grid.first_row() { Reply::Redraw } else { Reply::Unchanged });
            }
        }
        None
    }

    /// A tile that came to your tray with the last move (taken from the
    /// pile, swapped, or back after a penalty) is scrolled into view when
    /// the tray is next laid out: on a scrolled tray it could land out of
    /// sight.
    fn reveal_taken(&self, session: &Session<RummiVariant>) {
        let Some(before) = session.cursor().checked_sub(1).and_then(|c| session.state_at(c)) else { return };
        let old = before.tray(Side::Player);
        let new = session.state().tray(Side::Player).iter().find(|id| old.binary_search(id).is_err());
        if let Some(&id) = new {
            self.reveal.set(Some(id));
        }
    }

    fn about() -> Requester {
        Requester {
            title: "About Rummi".into(),
            lines: vec![
                "Rummi 1.3, in Parlour".into(),
                "Rummikub for two: you and the".into(),
                "program. After Yvon Rozijn's".into(),
                "Amiga game (1993; 1.3, 1995).".into(),
            ],
            buttons: vec!["OK".into()],
        }
    }

    fn draw_table(&self, st: &Rummi, s: &mut Surface, machine: &Machine, l: &Layout) {
        let look = machine.look();
        let held = self.held_cell(st);
        if self.framing {
            // Red, or the text's ink where red comes out as the felt
            // itself (the colour Mac at four greys).
            let red = look.paint(Pen::Red);
            let frame = if red == look.paint(Pen::Felt) { look.paint(Pen::Text) } else { red };
            // Behind the tiles, so only the gaps round the series show it.
            for series in st.faulty_series() {
                let (first, last) = (l.cell(series.row, series.col), l.cell(series.row, series.end() - 1));
                let r = Rect::from_edges(first.x, first.y, last.right(), last.bottom()).inset(-2, -2);
                s.fill_rect(r, frame);
            }
        }
        for series in st.table().series() {
            for (i, t) in series.tiles.iter().enumerate() {
                let (row, col) = (series.row, series.col + i as u16);
                let r = l.cell(row, col);
                if held == Some((row, col)) {
                    tiles::hole(s, look, r);
                } else {
                    tiles::face(s, look, r, t.kind(), l.scale);
                }
            }
        }
    }

    /// A tray: its rack, its tiles in view (the one you hold leaves a
    /// hole) and its scroll bar when it has one.
    fn draw_tray(&self, st: &Rummi, s: &mut Surface, machine: &Machine, l: &Layout, of: TrayOf) {
        let look = machine.look();
        let grid = self.tray_grid(st, l, of);
        tiles::rack(s, look, l.tray(of));
        let tray = st.tray(Self::side(of));
        let held = match of {
            TrayOf::Player => self.held_tray_index(st),
            TrayOf::Program => None,
        };
        for i in grid.in_view() {
            let Some(r) = grid.tile(i) else { continue };
            match Self::facing(st, of) {
                _ if held == Some(i) => tiles::hole(s, look, r),
                Facing::Up => tiles::face(s, look, r, tray[i].kind(), l.scale),
                Facing::Down => tiles::back(s, look, r),
            }
        }
        if let Some(bar) = grid.bar {
            let bar = ScrollBar::new(machine, bar);
            widgets::scroll_bar(s, machine, &bar, grid.first_row(), TRAY_ROWS, grid.rows());
        }
    }

    /// The pile with its count, and a 2 under it while the program holds
    /// a duplicate (yellow where the wood shows; [`PAIR_SIGN`] in words).
    /// On the felt the count is in an ink that reads on it.
    fn draw_pile(&self, st: &Rummi, s: &mut Surface, machine: &Machine, l: &Layout) {
        let look = machine.look();
        let b = l.pile_box;
        let text = look.paint(Pen::Text).fore();
        // Where wood does not show, the pile stands in a plain box, and
        // its figures are all in the text colour.
        let plain = !tiles::wood_shows(s, look, b);
        if plain {
            tiles::rack(s, look, b);
        }
        let parts = l.pile_parts();
        if !st.pile().is_empty() {
            tiles::pile(s, look, parts.stack, st.pile().len());
        }
        let count = if plain { text } else { ink_reading_on(s, text, (b.x, parts.count_y)) };
        tiles::number(s, Rect::new(b.x, parts.count_y, b.w, 0), st.pile().len(), l.scale, count);
        if pair_shows(st) {
            let pair = if plain { text } else { s.value_for(Rgb::hex(0xFFEE22)) };
            tiles::number(s, Rect::new(b.x, parts.pair_y, b.w, 0), 2, l.scale, pair);
        }
    }

    fn draw_gadget(&self, st: &Rummi, s: &mut Surface, machine: &Machine, l: &Layout) {
        let usable = st.turn() == Side::Player;
        match GadgetFace::of(st) {
            GadgetFace::Ok => widgets::button(s, machine, l.gadget, "OK", usable),
            GadgetFace::Take => picture_button(s, machine, l.gadget, l.scale, usable, tiles::take_picture),
            GadgetFace::Pass => picture_button(s, machine, l.gadget, l.scale, usable, tiles::pass_picture),
            GadgetFace::Over => widgets::button(s, machine, l.gadget, "", false),
        }
    }

    /// Whether Rummi's screen is behind the Workbench on machine `id`:
    /// only an Amiga's screens go behind one another (the Screen menu is
    /// its own), so on a machine switched to without that menu the game
    /// is in front, not hidden where no menu brings it back.
    fn behind_on(&self, id: MachineId) -> bool {
        self.behind && SCREEN_MACHINES.contains(&id)
    }

    /// The Workbench, in front of Rummi's screen.
    fn draw_workbench(s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Desktop));
        let font = look.text_font;
        let lines = ["Rummi's screen is behind.", "Click, or choose Screen > Front."];
        let lh = font.height() as i32 + 2;
        for (i, line) in lines.iter().enumerate() {
            let w = font.text_width(line) as i32;
            let y = area.y + area.h / 2 - lh + i as i32 * lh;
            s.draw_text(font, line, area.x + (area.w - w) / 2, y, look.paint(Pen::Text), TextStyle::PLAIN);
        }
    }
}

/// The text colour where it reads on the colour drawn at `at`, else black
/// or white, whichever reads better there: the Mac's text is black, and
/// on its dark green felt the pile's count was 2.8:1.
fn ink_reading_on(s: &mut Surface, text: u32, at: (i32, i32)) -> u32 {
    let Some(under) = s.colour_at(at.0, at.1) else { return text };
    let reads = |s: &Surface, v: u32| s.colour_of(v).contrast(under);
    if reads(s, text) >= READABLE {
        return text;
    }
    let (black, white) = (s.value_for(Rgb::BLACK), s.value_for(Rgb::WHITE));
    if reads(s, black) >= reads(s, white) { black } else { white }
}

/// The contrast at which text reads (WCAG's 4.5:1).
const READABLE: f64 = 4.5;

/// What the gadget shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GadgetFace {
    /// Nothing moved this turn: take a tile.
    Take,
    /// Nothing moved and the pile is empty: the gadget passes, as a
    /// draw of nothing does.
    Pass,
    /// Tiles moved: end the turn.
    Ok,
    /// The game is over: a blank button, dimmed. The last turn's tiles
    /// still count as moved, so a game ended by a play showed a dimmed
    /// OK, and one ended by a pass a dimmed tile to take.
    Over,
}

impl GadgetFace {
    fn of(st: &Rummi) -> GadgetFace {
        match () {
            _ if st.is_over() => GadgetFace::Over,
            _ if st.moved() => GadgetFace::Ok,
            _ if st.pile().is_empty() => GadgetFace::Pass,
            _ => GadgetFace::Take,
        }
    }
}

/// The gadget before the player has moved: a button whose label is a
/// picture (take a tile, or pass), drawn at scale `k`.
fn picture_button(
    s: &mut Surface,
    machine: &Machine,
    r: Rect,
    k: i32,
    usable: bool,
    picture: fn(&mut Surface, Rect, i32, Paint),
) {
    widgets::button(s, machine, r, "", usable);
    let ink = widgets::label_ink(s, machine, usable);
    picture(s, r, k, ink);
}

/// The move a step of the history makes, if it is one.
fn move_in(step: &Step) -> Option<Move> {
    match &step.action {
        Action::Move(text) => Move::parse(text).ok(),
        _ => None,
    }
}

/// The steps of the program's turn ended at the cursor, last first:
/// those made in positions that were the program's to play (a turn cut
/// short by quitting and played again on resume is one turn).
fn programs_turn(session: &Session<RummiVariant>) -> impl Iterator<Item = usize> + '_ {
    (session.game_start() + 1..=session.cursor())
        .rev()
        .take_while(|&step| session.state_at(step - 1).is_some_and(|before| before.turn() == Side::Program))
}

/// The swap the program made in the turn it has just ended, if it made
/// one: what it gave and what it took.
fn programs_swap(session: &Session<RummiVariant>) -> Option<(Kind, Kind)> {
    programs_turn(session).find_map(|step| match session.steps().get(step).and_then(move_in) {
        Some(Move::Swap { give, take }) => Some((give, take)),
        _ => None,
    })
}

/// How many tiles the program brought from its tray to the table in the
/// turn it has just ended: the tiles on the table now that were not there
/// when the turn began (a tile on the table never goes back to a tray, so
/// its rearranging of the table adds none).
fn programs_played(session: &Session<RummiVariant>) -> usize {
    let Some(began) = programs_turn(session).last().and_then(|first| session.state_at(first - 1)) else { return 0 };
    let on_table =
        |st: &Rummi| st.table().series().iter().flat_map(|s| s.tiles.iter().copied()).collect::<Vec<TileId>>();
    let before = on_table(began);
    on_table(session.state()).iter().filter(|id| !before.contains(id)).count()
}

/// What the step at the cursor did that the screen hardly shows, said
/// at the start of the player's turn: a swap (the player's own, or one
/// in the program's turn just ended), the tiles the program played, and
/// its draw or pass.
fn turn_news(session: &Session<RummiVariant>) -> Option<String> {
    let st = session.state();
    if st.turn() != Side::Player {
        return None;
    }
    let last = session.steps().get(session.cursor()).and_then(move_in);
    let own_swap = |give, take| format!("You swapped your {give} for the program's {take}.");
    // Tiles laid, the turn has no news but a swap made since, which
    // changes the tray as silently as one at the turn's start.
    if st.moved() {
        return match last {
            Some(Move::Swap { give, take }) => Some(own_swap(give, take)),
            _ => None,
        };
    }
    // A turn of the program's that only takes a tile shows nothing but a
    // pile one lower and one more back on its tray, gone by in a moment.
    let before = session.cursor().checked_sub(1).and_then(|c| session.state_at(c));
    let drew = match (last, before) {
        (Some(Move::Draw), Some(b)) if b.turn() == Side::Program && b.pile().is_empty() => {
            Some("The program passes: the pile is empty.")
        }
        (Some(Move::Draw), Some(b)) if b.turn() == Side::Program => Some("The program drew a tile."),
        _ => None,
    };
    // A swap changes the player's own tray without a word on the screen:
    // one of a pair goes, a stranger comes. Yours is named too, the tile
    // come from the program's tray having been face down.
    let swapped = match last {
        Some(Move::Swap { give, take }) => Some(own_swap(give, take)),
        _ => programs_swap(session).map(|(give, take)| format!("The program swapped {give} for your {take}.")),
    };
    // Its play shows tile by tile, but a tray of backs one shorter by
    // six is not read at a glance: the count is said.
    let played = match programs_played(session) {
        0 => None,
        n => Some(format!("The program played {}.", plural(n as u64, "tile", "tiles"))),
    };
    // Your own penalty comes first: it ended the turn before the
    // program's, and only a longer tray shows it.
    let said: Vec<String> =
        penalty_news(session).into_iter().chain(swapped).chain(played).chain(drew.map(String::from)).collect();
    (!said.is_empty()).then(|| said.join(" "))
}

/// What the penalty that ended your last turn did, if one did: the tiles
/// that went to your tray (the invalid series, or a short first play) and
/// those taken from the pile. The turn it ended is the one before the
/// program's turn just played, or in Single play the step at the cursor.
fn penalty_news(session: &Session<RummiVariant>) -> Option<String> {
    let ended = programs_turn(session).last().map_or(session.cursor(), |first| first - 1);
    if ended <= session.game_start() || session.steps().get(ended).and_then(move_in) != Some(Move::Penalty) {
        return None;
    }
    let (before, after) = (session.state_at(ended - 1)?, session.state_at(ended)?);
    let taken = before.pile().len() - after.pile().len();
    let back = after.tray(Side::Player).len() - before.tray(Side::Player).len() - taken;
    let tiles = |n: usize| plural(n as u64, "tile", "tiles");
    let drawn = match taken {
        0 => "; the pile is empty".to_string(),
        n => format!(" and you took {} from the pile", tiles(n)),
    };
    Some(format!("You paid the penalty: {} went back to your tray{drawn}.", tiles(back)))
}

/// The Single play switch a step of the history makes, if it is one.
fn switch_in(step: &Step) -> Option<Move> {
    move_in(step).filter(|m| matches!(m, Move::Single(_)))
}

/// What the 2 under the pile means, while the program holds a duplicate:
/// where the pile stands in a plain box (the one-bit and four-grey Macs)
/// the 2 is in black like the count above it, and only these words tell
/// the two figures apart. Said at the start of your turn where it is
/// news (see [`duplicate_news`]); the clause
/// before the colon is what a narrow status line keeps, so it says it
/// all by itself. When you hold a pair too, the swap it allows is the
/// news, and a click on the pile still names the 2.
fn duplicate_note(st: &Rummi) -> Option<&'static str> {
    if !pair_shows(st) {
        return None;
    }
    Some(if st.duplicates(Side::Player).is_empty() {
        PAIR_SIGN
    } else {
        "The program has a duplicate tile: you may swap one of yours."
    })
}

/// [`duplicate_note`] at the start of a turn where it is news: not said
/// at the start of the player's turn before in this game. Said again
/// every turn, it kept the status line's figures (the moves) from ever
/// showing while the program held a pair; the 2 stays under the pile,
/// and a click on the pile names it. A game dealt (again, by Restart)
/// where the program plays first has its note at the player's first
/// turn, whatever the game before it said.
fn duplicate_news(session: &Session<RummiVariant>) -> Option<&'static str> {
    let note = duplicate_note(session.state())?;
    let turn_began = |st: &&Rummi| st.turn() == Side::Player && !st.moved();
    let this_game = session.game_start()..session.cursor();
    let before = this_game.rev().filter_map(|c| session.state_at(c)).find(turn_began);
    (before.and_then(duplicate_note) != Some(note)).then_some(note)
}

/// What the status line says while the program plays its turn.
const PROGRAM_PLAYING: &str = "The program is playing...";

/// What the 2 under the pile means, in words.
const PAIR_SIGN: &str = "The program has a duplicate tile: the 2 under the pile says so.";

/// Whether the 2 under the pile shows: the program holds a duplicate, and
/// its tray is still face down.
fn pair_shows(st: &Rummi) -> bool {
    !st.duplicates(Side::Program).is_empty() && !st.is_over()
}

impl Board<RummiVariant> for RummiBoard {
    /// A tile picked up by the press goes back (one picked by an earlier
    /// click stays in hand, as a click leaves it), and a tray's knob is
    /// let go.
    fn cancel_press(&mut self) {
        if self.picked_at.take().is_some() {
            self.held = None;
        }
        for scroll in &self.scroll {
            scroll.set(scroll.get().let_go());
        }
    }

    fn machine_switched(&mut self, id: MachineId) {
        self.shown_on.set(Some(id));
        self.pointer = None;
    }

    fn title(&self) -> String {
        let behind = self.shown_on.get().is_some_and(|id| self.behind_on(id));
        if behind { "Workbench Screen".into() } else { "Rummi".into() }
    }

    fn menu_items(&self, _session: &Session<RummiVariant>) -> Vec<MenuItem> {
        Vec::new()
    }

    fn menu_bar(&self, session: &Session<RummiVariant>) -> Option<Vec<Menu>> {
        let st = session.state();
        let game = Menu::new(
            "Game",
            vec![
                MenuItem::new("Back up", Command::Undo).key('b'),
                MenuItem::new("New game", Command::New).key('n'),
                // Lower case, as the Card Shell's own items are.
                MenuItem { label: "Select game...".into(), ..select_game_item() },
                restart_item(),
                MenuItem::new("Single play", Command::View(SINGLE))
                    .checked(st.single())
                    .enabled(self.can(session, SINGLE)),
                MenuItem::new("About", Command::View(ABOUT)),
                MenuItem::new("Quit", Command::Quit).key('q'),
                MenuItem::separator(),
                MenuItem::new("Redo", Command::Redo).key('y').enabled(session.can_redo()),
                MenuItem::new("Statistics...", Command::Stats),
                MenuItem::new("Save a Copy", Command::SaveAs).key('s'),
                MenuItem::new("Open...", Command::Open).key('o'),
            ],
        );
        let level = Menu::new(
            "Level",
            vec![
                MenuItem::new("Beginner", Command::View(BEGINNER)).checked(self.level == Level::Beginner),
                MenuItem::new("Expert", Command::View(EXPERT)).checked(self.level == Level::Expert),
            ],
        );
        let screen = Menu::new(
            "Screen",
            vec![
                MenuItem::new("Front", Command::View(FRONT)),
                MenuItem::new("Back", Command::View(BACK)),
                MenuItem::new("Workbench", Command::View(WORKBENCH)),
                MenuItem::new("Set Mode...", Command::View(SET_MODE)),
            ],
        )
        // Screens in front of and behind the Workbench, and their modes,
        // are the Amiga's: elsewhere the Machine menu changes the screen.
        .only_on(SCREEN_MACHINES);
        Some(vec![game, level, screen])
    }

    fn fields(&self, session: &Session<RummiVariant>) -> Vec<(&'static str, String)> {
        let st = session.state();
        vec![("Tiles", st.tray(Side::Player).len().to_string()), ("Pile", st.pile().len().to_string())]
    }

    /// Tiles played, swaps, draws and ends of turn: turning Single play on
    /// or off is journalled as a step (a replay must know who plays) but
    /// is no move of the game.
    fn counts_as_move(&self, step: &Step) -> bool {
        switch_in(step).is_none()
    }

    fn draw(&self, session: &Session<RummiVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        let look = machine.look();
        self.shown_on.set(Some(machine.id()));
        if self.behind_on(machine.id()) {
            return Self::draw_workbench(s, machine, area);
        }
        let l = self.layout(st, machine, area);
        if l.screen != area {
            s.fill_rect(area, look.paint(Pen::Desktop));
        }
        if !machine.chrome().draws_felt() {
            s.fill_rect(l.screen, look.paint(Pen::Felt));
        }
        self.draw_tray(st, s, machine, &l, TrayOf::Program);
        self.draw_tray(st, s, machine, &l, TrayOf::Player);
        self.draw_pile(st, s, machine, &l);
        self.draw_table(st, s, machine, &l);
        self.draw_gadget(st, s, machine, &l);
        if let Some(spot) = self.cursor {
            self.draw_cursor(st, s, look, &l, spot);
        }
        if let Some(h) = self.held {
            let (tw, th) = l.tile();
            let (x, y) = self.hand(st, &l);
            let r = Rect::new(x - tw / 2, y - th / 2, tw, th);
            let old = s.set_clip(l.screen.intersect(&s.clip()));
            tiles::face(s, look, r, h.kind(), l.scale);
            s.set_clip(old);
        }
        if let Some(d) = &self.dialog {
            d.draw(s, machine, area);
        }
    }

    fn input(
        &mut self,
        session: &Session<RummiVariant>,
        input: &Input,
        machine: &Machine,
        area: Rect,
    ) -> Reply<RummiVariant> {
        let st = session.state();
        if let Input::Tick { ms } = *input {
            if let Some(id) = self.pending_machine.take() {
                return Reply::Command(Command::Machine(id));
            }
            if let Some(news) = self.news.take() {
                return Reply::Say(news);
            }
            if let Some(opening) = self.opening.take() {
                return Reply::Say(opening.into());
            }
            return match self.program.tick(st, self.level, ms) {
                Act::Play(m) => Reply::Play(m),
                Act::Thinking(t) if t >= program::SAY_THINKING_MS && t - ms < program::SAY_THINKING_MS => {
                    Reply::Say("The program is thinking...".into())
                }
                Act::Thinking(_) | Act::Wait => Reply::Unchanged,
            };
        }
        if let Some(d) = &mut self.dialog {
            return match d.input(input, machine, area) {
                Outcome::Nothing => Reply::Unchanged,
                Outcome::Redraw => Reply::Redraw,
                Outcome::Cancelled => {
                    self.dialog = None;
                    Reply::Redraw
                }
                // OK on the screen already in use changes nothing: the
                // game in progress goes on.
                Outcome::Chosen(c) if self.screen_in_use(machine.id()) == Some(c) => {
                    self.dialog = None;
                    Reply::Redraw
                }
                Outcome::Chosen(c) => {
                    self.dialog = None;
                    self.config = c;
                    if c.mode.machine != machine.id() {
                        self.pending_machine = Some(c.mode.machine);
                    }
                    match config::write(&self.data_dir, &c) {
                        Err(e) => return Reply::Say(format!("The screen mode could not be kept: {e}")),
                        Ok(aside) => self.news = aside.map(|e| format!("{e}; the new screen mode is kept.")),
                    }
                    let (cols, rows) = c.grid();
                    match RummiVariant::sized(cols, rows) {
                        Ok(v) => Reply::Rules(v),
                        Err(e) => Reply::Say(e),
                    }
                }
            };
        }
        if self.behind_on(machine.id()) {
            if matches!(input, Input::MouseDown { button: Button::Left, .. }) {
                self.behind = false;
                return Reply::Redraw;
            }
            return Reply::Unchanged;
        }
        let l = self.layout(st, machine, area);
        if let Input::MouseMove { x, y } = *input {
            self.pointer = Some((x, y));
        }
        if let Some(reply) = self.scroll_input(st, &l, machine, input) {
            return reply;
        }
        match *input {
            Input::MouseMove { .. } => {
                if self.held.is_some() {
                    Reply::Redraw
                } else {
                    Reply::Unchanged
                }
            }
            Input::MouseDown { x, y, button: Button::Left } => {
                self.pointer = Some((x, y));
                let hidden = self.cursor.take().is_some();
                let was_held = self.held.is_some();
                let reply = self.click(st, &l, x, y).or_redraw(hidden);
                self.picked_at = (!was_held && self.held.is_some()).then_some((x, y));
                reply
            }
            // A tile dragged rather than clicked: the release drops it as
            // a second click there would. The drag ends with the button,
            // so a drop that is refused, or lands where no tile goes, puts
            // the tile back where it came from.
            Input::MouseUp { x, y, button: Button::Left } => match self.picked_at.take() {
                Some(at) if self.held.is_some() && widgets::dragged(at, (x, y)) => {
                    let reply = self.click(st, &l, x, y);
                    self.held = None;
                    reply.or_redraw(true)
                }
                _ => Reply::Unchanged,
            },
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => self.key(st, &l, key),
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<RummiVariant>, command: ViewCommand) -> Reply<RummiVariant> {
        match command {
            SINGLE => Reply::Play(Move::Single(!session.state().single())),
            ABOUT => Reply::Ask(Self::about()),
            BEGINNER | EXPERT => {
                self.level = if command == EXPERT { Level::Expert } else { Level::Beginner };
                Reply::Redraw
            }
            FRONT => {
                self.behind = false;
                Reply::Redraw
            }
            BACK | WORKBENCH => {
                self.behind = true;
                Reply::Redraw
            }
            SET_MODE => {
                let in_use = self.shown_on.get().and_then(|id| self.screen_in_use(id));
                self.dialog = Some(ModeDialog::new(&in_use.unwrap_or(self.config)));
                Reply::Redraw
            }
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<RummiVariant>, command: ViewCommand) -> bool {
        let st = session.state();
        match command {
            SINGLE => !st.is_over() && (st.turn() == Side::Player || !st.moved()),
            ABOUT | BEGINNER | EXPERT | FRONT | BACK | WORKBENCH | SET_MODE => true,
            _ => false,
        }
    }

    fn reset(&mut self) {
        self.held = None;
        self.warned = false;
    }

    fn arrived(&mut self, session: &Session<RummiVariant>) {
        let st = session.state();
        let mid_turn = st.turn() == Side::Player && st.moved();
        // The frame lasts until the turn is over. Whether the requester
        // was shown is not kept (an OK refused is no move), so a game
        // reopened in the middle of a turn frames nothing until OK has
        // said what is wrong again: tiles laid out and never offered are
        // no fault yet.
        self.framing = mid_turn && self.framing;
        self.opening = match session.move_count() {
            0 if Program::to_play(st) => Some("The program plays first."),
            0 => duplicate_note(st),
            _ => None,
        };
    }

    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        self.trouble.take().unzip()
    }

    /// A new game is dealt the table that fits the screen it is played
    /// on ([`RummiBoard::variant`]): after the Machine menu changed the
    /// screen, another table than the last game's.
    fn new_rules(&self, session: &Session<RummiVariant>) -> Option<RummiVariant> {
        let v = self.variant();
        (v != *session.variant()).then_some(v)
    }

    fn settled(&self, state: &Rummi) -> bool {
        !Program::to_play(state)
    }

    fn moved(&mut self, session: &Session<RummiVariant>) -> Option<String> {
        self.reveal_taken(session);
        let st = session.state();
        let last = session.steps().get(session.cursor()).and_then(move_in);
        if let Some(Move::Single(on)) = last {
            return Some(
                if on { "Single play: you play alone." } else { "Single play is off: the program plays again." }.into(),
            );
        }
        if Program::to_play(st) {
            // Said with each of its moves, each clearing the line, so it
            // stands while the program plays: a key pressed meanwhile
            // would otherwise be the first to say whose turn it is.
            return Some(PROGRAM_PLAYING.into());
        }
        if st.turn() != Side::Player {
            return None;
        }
        if st.moved() {
            return turn_news(session);
        }
        let said: Vec<String> =
            turn_news(session).into_iter().chain(duplicate_news(session).map(String::from)).collect();
        (!said.is_empty()).then(|| said.join(" "))
    }

    /// What the program's turn did and what a swap brought show on the
    /// screen only as a tile more or another on a tray: that news, and
    /// what is said with it, is read whole.
    fn news_read_whole(&self, session: &Session<RummiVariant>) -> bool {
        turn_news(session).is_some()
    }

    fn ending(&self, session: &Session<RummiVariant>) -> String {
        ending_of(session.state())
    }

    /// The program going out, or holding fewer tiles at a block, is told
    /// in a box as your win is: the reason is more than a narrow status
    /// line keeps.
    fn boxes_loss(&self) -> bool {
        true
    }

    /// Resumed in the program's turn (quit while it played), the program
    /// plays its turn again before yours: said from the first frame.
    fn resumed(&self, session: &Session<RummiVariant>) -> Option<&'static str> {
        Program::to_play(session.state()).then_some("Resumed in the program's turn.")
    }

    fn stats_lines(&self, _session: &Session<RummiVariant>, stats: &GameStats) -> Vec<String> {
        let (total, Some(avg)) = tiles_left(stats) else {
            return vec!["Tiles left: no game played yet".into()];
        };
        // Two short lines: one long one broke before its last word on
        // the Amiga PAL, leaving "game)" alone.
        vec![format!("Tiles left, all games: {total}"), format!("On average: {avg:.1} a game")]
    }

    fn prefs(&self, _session: &Session<RummiVariant>) -> Vec<(&'static str, String)> {
        vec![("level", self.level.name().to_string())]
    }

    fn set_pref(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        if key == "level" {
            let names = [Level::Beginner.name(), Level::Expert.name()];
            self.level = Level::parse(value).ok_or_else(|| unknown_word("level", value, &names, self.level.name()))?;
        }
        Ok(())
    }
}

/// How a finished game ended, who won first: a sentence of its own, so
/// that a narrow status line that keeps only the first sentence still
/// says it.
fn ending_of(st: &Rummi) -> String {
    let (mine, theirs) = (st.tray(Side::Player).len(), st.tray(Side::Program).len());
    // The rules end a game at the pile's end when every side passes in a
    // turn, whether or not it could have played: say that, not more.
    let blocked =
        if st.single() { "The pile is empty and you passed" } else { "The pile is empty and both passed in a row" };
    let tiles = |n: usize| plural(n as u64, "tile", "tiles");
    // As many tiles each, the lower total of their numbers decided it (see
    // `Rummi::fewer`): "fewer tiles (5 against your 5)" read as nonsense.
    let (my_total, its_total) = (st.tray_total(Side::Player), st.tray_total(Side::Program));
    let both = format!("both hold {}", tiles(mine));
    match st.ending() {
        Some(Ending::Out(Side::Player)) => format!("You win! The program still holds {}.", tiles(theirs)),
        Some(Ending::Out(Side::Program)) => format!("The program wins. You still hold {}.", tiles(mine)),
        Some(Ending::Blocked { winner: Some(Side::Player) }) if mine == theirs => {
            format!("You win. {blocked}; {both}, and your numbers add up to less ({my_total} against its {its_total}).")
        }
        Some(Ending::Blocked { winner: Some(Side::Player) }) => {
            format!("You win. {blocked}; you hold fewer tiles ({mine} against {theirs}).")
        }
        Some(Ending::Blocked { winner: Some(Side::Program) }) if mine == theirs => {
            format!(
                "The program wins. {blocked}; {both}, and its numbers add up to less ({its_total} against your {my_total})."
            )
        }
        Some(Ending::Blocked { winner: Some(Side::Program) }) => {
            format!("The program wins. {blocked}; it holds fewer tiles ({theirs} against your {mine}).")
        }
        Some(Ending::Blocked { winner: None }) => {
            format!("A draw. {blocked}; {both}, and their numbers add up to {my_total} each.")
        }
        None => String::new(),
    }
}

/// The tiles left on the player's tray at the end of every game recorded
/// (a game's score, fewer being better), and how many a game on average.
fn tiles_left(stats: &GameStats) -> (i64, Option<f64>) {
    // An average of no games is no figure: "0.0 a game" read as one.
    let avg = (stats.played > 0).then(|| stats.total_score as f64 / stats.played as f64);
    (stats.total_score, avg)
}

/// Rummi's figures as `parlour stats` prints them.
pub fn figures(stats: &GameStats) -> Vec<(String, String)> {
    let (total, avg) = tiles_left(stats);
    let mut figures = vec![
        ("tiles-left-in-all-games".to_string(), total.to_string()),
        ("average-tiles-left".to_string(), avg.map_or_else(|| "none".into(), |avg| format!("{avg:.1}"))),
    ];
    figures.extend(crate::host::kept_figures(stats));
    figures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    /// The tiles left are a sum over every game counted, and named so:
    /// "at the end" read as the last game's.
    #[test]
    fn the_tiles_left_are_told_as_all_games_and_on_average() {
        let stats = GameStats { played: 3, total_score: 45, ..GameStats::default() };
        let dir = tempfile::tempdir().unwrap();
        let board = RummiBoard::new(dir.path(), None);
        let session = Session::new(board.variant(), 1);
        assert_eq!(board.stats_lines(&session, &stats), ["Tiles left, all games: 45", "On average: 15.0 a game"]);
        assert_eq!(board.stats_lines(&session, &GameStats::default()), ["Tiles left: no game played yet"]);
        assert_eq!(
            figures(&stats)[..2],
            [("tiles-left-in-all-games".into(), "45".into()), ("average-tiles-left".into(), "15.0".into())]
        );
        assert_eq!(figures(&GameStats::default())[1], ("average-tiles-left".into(), "none".into()));
    }
    use crate::games::rummi::table::Table;
    use crate::games::rummi::tile::{Colour, TileId};
    use crate::machines::MachineChoice;

    /// On every screen the take-a-tile and pass pictures dimmed (the
    /// program's turn) stand out from the button's face and looks unlike the one the
    /// player may click: on the one-bit Mac it was once solid black, and
    /// at 4 colours it was the face's own light grey.
    #[test]
    fn the_dimmed_gadget_pictures_show_on_every_screen() {
        let button = Rect::new(0, 0, 32, 32);
        // The picture's top-left pixel is the face; its bottom row is ink.
        let (face_at, ink_row) = ((10, 9), 9 + 12);
        let pictures: [fn(&mut Surface, Rect, i32, Paint); 2] = [tiles::take_picture, tiles::pass_picture];
        for (choice, picture) in
            MachineChoice::every_screen().into_iter().flat_map(|c| pictures.map(|p| (c.clone(), p)))
        {
            let (id, depth) = (choice.id.unwrap(), choice.depth);
            let machine = Machine::new(&choice, id).unwrap();
            let drawn = |usable: bool| {
                let mut s = machine.new_surface();
                picture_button(&mut s, &machine, button, 1, usable, picture);
                s
            };
            let (dimmed, usable) = (drawn(false), drawn(true));
            assert_ne!(dimmed.pixels(), usable.pixels(), "{id:?} {depth:?}: the dimmed picture looks usable");
            let face = dimmed.colour_at(face_at.0, face_at.1).unwrap();
            let best = (face_at.0..face_at.0 + 11)
                .filter_map(|x| dimmed.colour_at(x, ink_row))
                .map(|ink| ink.contrast(face))
                .fold(1.0, f64::max);
            // Greyed, yet seen: the Amiga's own ghosting grey is 1.9:1.
            assert!(best >= 1.5, "{id:?} {depth:?}: the dimmed picture is {best:.1}:1 on the face {face:?}");
        }
    }

    /// A game the player has just won with a run of 10 11 12, the program
    /// left holding `theirs` tiles.
    fn won_against(theirs: usize) -> Rummi {
        let run: Vec<TileId> = (10..=12).map(|n| TileId::new(Kind::new(Colour::Red, n), 0)).collect();
        let rest: Vec<TileId> = TileId::all().filter(|t| !run.contains(t)).collect();
        let (program, pile) = rest.split_at(theirs);
        let mut g = Rummi::new(pile.to_vec(), [run.clone(), program.to_vec()], Table::new(24, 9), Side::Player);
        g.apply(&Move::Put { from: Source::Tray(run[0].kind()), to: Target::Cell { row: 0, col: 1 } });
        for t in &run[1..] {
            g.apply(&Move::Put { from: Source::Tray(t.kind()), to: Target::Series(0) });
        }
        g.apply(&Move::Done);
        assert!(g.is_over());
        g
    }

    #[test]
    fn a_game_ended_at_the_empty_pile_says_both_passed_not_that_neither_could_play() {
        use crate::games::rummi::rules::tests::position;
        // You hold a whole run you could lay, and pass all the same.
        let mut g = position("R1 R2 R3 R5", "B1", &[], "");
        for _ in 0..2 {
            g.apply(&Move::Draw);
        }
        let said = ending_of(&g);
        assert!(said.starts_with("The program wins. The pile is empty and both passed in a row;"), "{said}");
        assert!(!said.contains("neither can play"), "{said}");

        let mut alone = position("R1 R2 R3 R5", "B1", &[], "");
        alone.apply(&Move::Single(true));
        alone.apply(&Move::Draw);
        assert!(ending_of(&alone).contains("The pile is empty and you passed;"), "{}", ending_of(&alone));
    }

    /// The gadget as drawn for `st` on `machine`, alone on the screen.
    fn gadget_drawn(st: &Rummi, machine: &Machine) -> Surface {
        let dir = tempfile::tempdir().unwrap();
        let board = RummiBoard::new(dir.path(), None);
        let l = board.layout(st, machine, machine.content());
        let mut s = machine.new_surface();
        board.draw_gadget(st, &mut s, machine, &l);
        s
    }

    /// Once the game is over the gadget is one blank, dimmed button on
    /// every screen, however the game ended: a game ended by the
    /// program's play showed a dimmed OK, one ended by passes a dimmed
    /// tile to take.
    #[test]
    fn the_gadget_is_plainly_inactive_however_the_game_ended() {
        use crate::games::rummi::rules::tests::position;
        let mut played_out = position("R5 B9", "R1 R2 R3", &[], "K7");
        played_out.apply(&Move::Draw);
        let run: Vec<Kind> = ["R1", "R2", "R3"].iter().map(|k| Kind::parse(k).unwrap()).collect();
        played_out.apply(&Move::Put { from: Source::Tray(run[0]), to: Target::Cell { row: 0, col: 1 } });
        for &k in &run[1..] {
            played_out.apply(&Move::Put { from: Source::Tray(k), to: Target::Series(0) });
        }
        played_out.apply(&Move::Done);
        assert_eq!(played_out.ending(), Some(Ending::Out(Side::Program)));
        let mut passed = position("R1 R5", "B1", &[], "");
        passed.apply(&Move::Draw);
        passed.apply(&Move::Draw);
        assert!(passed.is_over());
        for choice in MachineChoice::every_screen() {
            let (id, depth) = (choice.id.unwrap(), choice.depth);
            let machine = Machine::new(&choice, id).unwrap();
            let (out, blocked) = (gadget_drawn(&played_out, &machine), gadget_drawn(&passed, &machine));
            assert_eq!(out.pixels(), blocked.pixels(), "{id:?} {depth:?}: the gadget differs by how the game ended");
            let l =
                RummiBoard::new(tempfile::tempdir().unwrap().path(), None).layout(&passed, &machine, machine.content());
            let mut blank = machine.new_surface();
            widgets::button(&mut blank, &machine, l.gadget, "", false);
            assert_eq!(blocked.pixels(), blank.pixels(), "{id:?} {depth:?}: the gadget is not a blank dimmed button");
        }
    }

    /// With the pile empty the gadget passes, and shows it: the take-a-tile
    /// picture offered a tile there was none of.
    #[test]
    fn the_gadget_shows_a_pass_once_the_pile_is_empty() {
        use crate::games::rummi::rules::tests::position;
        let (empty, left) = (position("R1 R5", "B1", &[], ""), position("R1 R5", "B1", &[], "K7"));
        for choice in MachineChoice::every_screen() {
            let (id, depth) = (choice.id.unwrap(), choice.depth);
            let machine = Machine::new(&choice, id).unwrap();
            let l =
                RummiBoard::new(tempfile::tempdir().unwrap().path(), None).layout(&empty, &machine, machine.content());
            let face = |picture: fn(&mut Surface, Rect, i32, Paint)| {
                let mut s = machine.new_surface();
                picture_button(&mut s, &machine, l.gadget, l.scale, true, picture);
                s.pixels().to_vec()
            };
            let (pass, take) = (face(tiles::pass_picture), face(tiles::take_picture));
            assert_ne!(pass, take, "{id:?} {depth:?}");
            assert_eq!(gadget_drawn(&left, &machine).pixels(), &take[..], "{id:?} {depth:?}: a tile is offered");
            assert_eq!(gadget_drawn(&empty, &machine).pixels(), &pass[..], "{id:?} {depth:?}: no pass shown");
        }
    }

    /// A game blocked at the empty pile, with these trays.
    fn blocked(player: &str, program: &str) -> String {
        use crate::games::rummi::rules::tests::position;
        let mut g = position(player, program, &[], "");
        g.apply(&Move::Draw);
        g.apply(&Move::Draw);
        assert!(g.is_over());
        ending_of(&g)
    }

    /// Trays of as many tiles are decided by the totals of their numbers,
    /// and the box says so, not "fewer tiles (3 against your 3)"; equal
    /// totals too are a draw.
    #[test]
    fn a_blocked_game_between_equal_trays_says_the_totals_decided_it() {
        let pass = "The pile is empty and both passed in a row";
        assert_eq!(
            blocked("R1 R5 K9", "B2 B3 B4"),
            format!("The program wins. {pass}; both hold 3 tiles, and its numbers add up to less (9 against your 15).")
        );
        assert_eq!(
            blocked("B2 B3 B4", "R1 R5 K9"),
            format!("You win. {pass}; both hold 3 tiles, and your numbers add up to less (9 against its 15).")
        );
        assert_eq!(
            blocked("R1 R5", "B2 B4"),
            format!("A draw. {pass}; both hold 2 tiles, and their numbers add up to 6 each.")
        );
        assert_eq!(
            blocked("R1 R5", "B2"),
            format!("The program wins. {pass}; it holds fewer tiles (1 against your 2).")
        );
    }

    fn pal() -> Machine {
        Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
            .unwrap()
    }

    #[test]
    fn the_programs_tray_packs_its_backs_and_scrolls_its_faces_after_the_game() {
        let (machine, dir) = (pal(), tempfile::tempdir().unwrap());
        let mut board = RummiBoard::new(dir.path(), None);
        let over = won_against(60);
        let l = board.layout(&over, &machine, machine.content());
        let playing =
            Rummi::new(Vec::new(), [Vec::new(), over.tray(Side::Program).to_vec()], over.table().clone(), Side::Player);
        let backs = board.tray_grid(&playing, &l, TrayOf::Program);
        assert_eq!((backs.bar, backs.in_view()), (None, 0..60), "face down, all 60 packed in view");
        let faces = board.tray_grid(&over, &l, TrayOf::Program);
        assert!(faces.bar.is_some() && faces.in_view() == (0..42), "face up, two rows of 21 and a scroll bar");
        // Page Down with the cursor on the program's tray scrolls it...
        board.cursor = Some(Spot::Program);
        board.key(&over, &l, Key::PageDown);
        assert_eq!(board.tray_grid(&over, &l, TrayOf::Program).in_view(), 21..60);
        // ...and the wheel over it scrolls it back, the game over or not.
        let (x, y) = (l.program_tray.x + 5, l.program_tray.y + 5);
        assert!(board.scroll_input(&over, &l, &machine, &Input::Wheel { x, y, dy: -1 }).is_some());
        assert_eq!(board.tray_grid(&over, &l, TrayOf::Program).first_row(), 0);
    }
}
