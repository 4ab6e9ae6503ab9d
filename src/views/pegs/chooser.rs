//! The Choose Board dialog: the boards found in the board folders, listed
//! like the Game Type Selection, with the selected board drawn small
//! beside the list. A board that cannot be read is listed all the same,
//! with the reason in place of its picture.

use std::cell::Cell as Shared;

use crate::core::plural;
use crate::games::pegs::board::Cell;
use crate::games::pegs::library::BoardFile;
use crate::gfx::{Font, Rect, Surface, TextStyle};
use crate::machines::{Button, Command, Input, Key, Machine, MachineId, Menu, MenuItem, Pen, status};
use crate::views::widgets::{self, ButtonFocus, DoubleClicks, FocusKey, ListLayout, ListScroll, TypeSelect};
use crate::views::{OPEN_SELECTED, Response, View};

use super::layout::BoardLayout;
use super::picture::{self, StoneSet};

/// The buttons, in order, with their commands.
const BUTTONS: [(&str, Command); 2] = [("OK", Command::View(OPEN_SELECTED)), ("Cancel", Command::Close)];
/// The preview's largest block.
const PREVIEW_BLOCK: i32 = 24;
/// Lines of text under the list and preview, at least: more where a
/// board's caption wraps to more on a narrow screen.
const CAPTION_LINES: usize = 3;
/// Rows the list keeps, at least, however long the captions are.
const LIST_ROWS: i32 = 4;
/// How a board that cannot be read is marked in the list: in words, or
/// in fewer where the row is too narrow for the whole name and those
/// words, down to a sign that leaves the name most of the row.
const UNREADABLE: [&str; 3] = ["(cannot be read)", "(unreadable)", "(!)"];

pub struct BoardChooser {
    boards: Vec<BoardFile>,
    selected: usize,
    /// The list's scrolling (moved while drawing, to keep the selection
    /// in view).
    scroll: Shared<ListScroll>,
    /// Set until the list is first laid out, which scrolls the board
    /// selected at the start into view.
    reveal: Shared<bool>,
    message: String,
    /// OK or Cancel, once Tab has moved the keyboard there.
    focus: ButtonFocus,
    /// Letters typed to find a row.
    typed: TypeSelect,
    /// Double-clicks on the rows, which open them.
    clicks: DoubleClicks<usize>,
}

/// Where the dialog's parts go.
struct Parts {
    list: ListLayout,
    preview: Rect,
    caption: Rect,
    buttons: Vec<Rect>,
}

impl BoardChooser {
    /// The dialog listing `boards`, with the board whose id is `current`
    /// selected.
    pub fn new(boards: Vec<BoardFile>, current: &str) -> BoardChooser {
        let selected = boards.iter().position(|b| b.id == current).unwrap_or(0);
        BoardChooser {
            boards,
            selected,
            scroll: Shared::new(ListScroll::default()),
            reveal: Shared::new(true),
            message: String::new(),
            focus: ButtonFocus::default(),
            typed: TypeSelect::default(),
            clicks: DoubleClicks::default(),
        }
    }

    /// Presses button `i` (OK opens the board selected).
    fn press(&mut self, i: usize) -> Response {
        match &BUTTONS[i].1 {
            Command::View(OPEN_SELECTED) => self.open_selected(),
            cmd => Response::Command(cmd.clone()),
        }
    }

    fn parts(&self, machine: &Machine, area: Rect) -> Parts {
        let look = machine.look();
        let margin = (area.w / 24).max(6);
        let heading = look.title_font.height() as i32 * 2 + look.text_font.height() as i32;
        let button_h = look.title_font.height() as i32 + 8;
        let button_w = BUTTONS.iter().map(|b| look.title_font.text_width(b.0) as i32).max().unwrap_or(0) + 24;
        let top = area.y + margin + heading;
        let bottom = area.bottom() - margin * 2 - button_h;
        // The caption runs under both the list and the preview, where even
        // the Amiga's narrow screen has room for a sentence; it is as tall
        // as the longest board's caption, so the list does not move as the
        // selection does, and leaves the list a few rows.
        let line_h = look.text_font.height() as i32;
        let width = area.w - 2 * margin;
        let most = (bottom - top - margin / 2 - LIST_ROWS * (line_h + 2) - 4) / line_h;
        let lines = self.boards.iter().map(|b| caption(b, look.text_font, width).len()).max().unwrap_or(0);
        let caption_h = (lines.max(CAPTION_LINES) as i32).min(most.max(CAPTION_LINES as i32)) * line_h;
        let caption = Rect::from_edges(area.x + margin, bottom - caption_h, area.right() - margin, bottom);
        let above = caption.y - margin / 2;
        // The list gets the larger share: board names are long.
        let split = area.x + (area.w - margin) * 3 / 5;
        let list =
            widgets::list_layout(machine, Rect::from_edges(area.x + margin, top, split, above), self.boards.len());
        let preview = Rect::from_edges(split + margin, top, area.right() - margin, above);
        let total = 2 * button_w + margin;
        let y = area.bottom() - margin - button_h;
        let buttons = (0..BUTTONS.len() as i32)
            .map(|i| Rect::new(area.x + (area.w - total) / 2 + i * (button_w + margin), y, button_w, button_h))
            .collect();
        Parts { list, preview, caption, buttons }
    }

    /// The first row shown, clamped to the list (and, the first time,
    /// moved to bring the selection into view).
    fn first_row(&self, list: &ListLayout) -> usize {
        list.first_row(&self.scroll, &self.reveal, self.selected, self.boards.len())
    }

    /// The list's rows, each no wider than `room`.
    fn rows(&self, font: &Font, room: i32) -> Vec<String> {
        let measure = |t: &str| font.text_width(t) as i32;
        self.boards.iter().map(|b| row_label(&measure, b, room)).collect()
    }

    fn can_open(&self) -> bool {
        self.boards.get(self.selected).is_some_and(|b| b.parsed.is_ok())
    }

    fn open_selected(&mut self) -> Response {
        let Some(board) = self.boards.get(self.selected) else { return Response::Unchanged };
        match &board.parsed {
            Ok(_) => Response::Command(Command::Play(board.path.display().to_string())),
            Err(e) => {
                self.message = format!("{} cannot be played: {}", board.name, e.message);
                Response::Redraw
            }
        }
    }

    /// Selects row `index` and scrolls it into view.
    fn select(&mut self, index: usize, list: &ListLayout) -> Response {
        if index >= self.boards.len() {
            return Response::Unchanged;
        }
        if index != self.selected {
            self.message.clear();
        }
        let mut scroll = self.scroll.get();
        let changed = list.select(&mut scroll, &mut self.selected, index, self.boards.len());
        self.scroll.set(scroll);
        if changed { Response::Redraw } else { Response::Unchanged }
    }

    /// The selected board drawn small on a piece of table, and a caption:
    /// its full name and what kind of board it is (or which file cannot
    /// be read, and why).
    fn draw_preview(&self, s: &mut Surface, machine: &Machine, parts: &Parts) {
        let look = machine.look();
        let frame = parts.preview;
        s.fill_rect(frame, look.paint(Pen::Felt));
        match machine.id() {
            MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(frame, look.paint(Pen::Text)),
            _ => widgets::bevel(s, machine, frame, false),
        }
        let Some(board) = self.boards.get(self.selected) else { return };
        if let Ok(variant) = &board.parsed {
            let b = &variant.board;
            let layout = BoardLayout::fit(b, frame.inset(8, 8), PREVIEW_BLOCK, None);
            let old = s.set_clip(frame.inset(1, 1));
            picture::draw_board(s, look, b, &layout, &StoneSet::new(layout.block), None);
            s.set_clip(old);
        }
        let font = look.text_font;
        let most = (parts.caption.h / font.height() as i32) as usize;
        let lines = status::at_most(caption(board, font, parts.caption.w), most);
        let old = s.set_clip(parts.caption);
        for (i, line) in lines.iter().enumerate() {
            let y = parts.caption.y + i as i32 * font.height() as i32;
            s.draw_text(font, line, parts.caption.x, y, look.paint(Pen::Text), TextStyle::PLAIN);
        }
        s.set_clip(old);
    }
}

/// A board's caption in lines no wider than `width`: its full name and
/// what kind of board it is, or for a board that cannot be read its file
/// (the name and more), the line and what is wrong there.
fn caption(board: &BoardFile, font: &Font, width: i32) -> Vec<String> {
    let lines = match &board.parsed {
        Ok(variant) => {
            let b = &variant.board;
            let slots = b.cells.iter().filter(|c| matches!(c, Cell::Slot { .. })).count();
            let jumps = if b.diagonal { "Diagonal jumps too." } else { "Straight jumps only." };
            let target = if b.has_target() { "Target marked." } else { "No target." };
            let (stones, slots) = (plural(b.stones() as u64, "stone", "stones"), plural(slots as u64, "slot", "slots"));
            vec![board.name.clone(), format!("{stones} in {slots}. {jumps} {target}")]
        }
        // Named by its file: an author with boards in several folders
        // looks for the file to mend, and the list shows only its name.
        Err(e) => {
            let file = board.path.file_name().map_or_else(|| board.name.clone(), |f| f.to_string_lossy().into());
            vec![format!("{file}, line {}: {}", e.line, e.message)]
        }
    };
    lines.iter().flat_map(|l| widgets::wrap(font, l, width)).collect()
}

/// A board's row in the list: its name, and for a board that cannot be
/// read a mark that says so. Where the row is too narrow for both, the
/// mark is shortened, then the name, after a word as any long name is:
/// the row must say both which file it is and that it cannot be read.
fn row_label(measure: &dyn Fn(&str) -> i32, board: &BoardFile, room: i32) -> String {
    if board.parsed.is_ok() {
        return board.name.clone();
    }
    let marked = |name: &str, mark: &str| format!("{name} {mark}").trim_start().to_string();
    if let Some(whole) = UNREADABLE.iter().map(|mark| marked(&board.name, mark)).find(|t| measure(t) <= room) {
        return whole;
    }
    let mark = UNREADABLE[UNREADABLE.len() - 1];
    let left = room - measure(&format!(" {mark}"));
    marked(&status::truncate(measure, &board.name, left), mark)
}

impl View for BoardChooser {
    fn title(&self) -> String {
        "Choose a Board".into()
    }

    fn menus(&self) -> Vec<Menu> {
        vec![Menu::new(
            "Game",
            vec![MenuItem::new("Open Board", Command::View(OPEN_SELECTED)).key('o').enabled(self.can_open())],
        )]
    }

    fn message(&self) -> String {
        if !self.message.is_empty() {
            return self.message.clone();
        }
        match self.boards.len() {
            0 => "No boards were found.".into(),
            1 => "1 board".into(),
            n => format!("{n} boards"),
        }
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let margin = (area.w / 24).max(6);
        let title = self.title();
        let tw = look.title_font.text_width(&title) as i32;
        let ink = look.paint(Pen::Text);
        s.draw_text(look.title_font, &title, area.x + (area.w - tw) / 2, area.y + margin, ink, TextStyle::BOLD);
        let sub_y = area.y + margin + look.title_font.height() as i32 * 2 - 2;
        s.draw_text(look.text_font, "Boards:", area.x + margin, sub_y, ink, TextStyle::PLAIN);
        let parts = self.parts(machine, area);
        let selected = (!self.boards.is_empty()).then_some(self.selected);
        let rows = self.rows(look.text_font, widgets::row_room(parts.list.rows));
        let first = self.first_row(&parts.list);
        widgets::scrolled_list(s, machine, &parts.list, &rows, first, selected, self.focus.on_list());
        self.draw_preview(s, machine, &parts);
        let buttons: Vec<_> = (BUTTONS.iter().zip(&parts.buttons))
            .map(|((label, cmd), r)| (*label, *r, *cmd == Command::Close || self.can(cmd)))
            .collect();
        self.focus.draw(s, machine, &buttons);
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let parts = self.parts(machine, area);
        let (list, total) = (&parts.list, self.boards.len());
        let first = self.first_row(list);
        let back_to_list = match self.focus.input(input, BUTTONS.len()) {
            FocusKey::Moved => return Response::Redraw,
            FocusKey::Pressed(i) => return self.press(i),
            FocusKey::ToList => true,
            FocusKey::Other => false,
        };
        let mut scroll = self.scroll.get();
        if scroll.input(input, list, total) {
            let moved = scroll != self.scroll.get();
            self.scroll.set(scroll);
            return if moved { Response::Redraw } else { Response::Unchanged };
        }
        let response = if let Some(row) = list.row_for_key(input, self.selected, total) {
            self.select(row, list)
        } else if let Some(c) = widgets::typed_letter(input) {
            let names: Vec<&str> = self.boards.iter().map(|b| b.name.as_str()).collect();
            self.typed.select(&names, self.selected, c).map_or(Response::Unchanged, |row| self.select(row, list))
        } else {
            match *input {
                Input::MouseDown { x, y, button: Button::Left } => {
                    if let Some(i) = parts.buttons.iter().position(|r| r.contains(x, y)) {
                        return self.press(i);
                    }
                    match list.row_at(first, total, x, y) {
                        Some(row) if self.clicks.click(row) => {
                            self.selected = row;
                            self.open_selected()
                        }
                        Some(row) => self.select(row, list),
                        None => Response::Unchanged,
                    }
                }
                Input::Tick { ms } => {
                    self.clicks.tick(ms);
                    Response::Unchanged
                }
                Input::Key { key: Key::Enter, .. } => self.open_selected(),
                Input::Key { key: Key::Escape, .. } => Response::Command(Command::Close),
                _ => Response::Unchanged,
            }
        };
        // The mark on the button the keyboard left is drawn away.
        if back_to_list && response == Response::Unchanged { Response::Redraw } else { response }
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        (*command == Command::View(OPEN_SELECTED) && self.can_open()).then(|| self.open_selected())
    }

    fn can(&self, command: &Command) -> bool {
        *command == Command::View(OPEN_SELECTED) && self.can_open()
    }

    /// Ticks count the time between two clicks while one may become a
    /// double-click.
    fn wants_ticks(&self) -> bool {
        self.clicks.waiting()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Topaz's width: 8 pixels a character.
    fn topaz(s: &str) -> i32 {
        8 * s.chars().count() as i32
    }

    fn board(name: &str, text: &str) -> BoardFile {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{name}.brd"));
        std::fs::write(&path, text).unwrap();
        BoardFile::load(&path)
    }

    #[test]
    fn a_row_too_narrow_for_its_mark_still_says_the_board_cannot_be_read() {
        let broken = board("Broken", "Version 2\nMode: Normal\ny q e\n");
        assert_eq!(row_label(&topaz, &broken, 30 * 8), "Broken (cannot be read)");
        assert_eq!(row_label(&topaz, &broken, 20 * 8), "Broken (unreadable)");
        let long = board("A broken one with a rather long name", "Version 2\nMode: Normal\ny q e\n");
        // A long name keeps most of the row, not one word of it.
        assert_eq!(row_label(&topaz, &long, 20 * 8), "A broken one... (!)");
        assert_eq!(row_label(&topaz, &long, 28 * 8), "A broken one with a... (!)");
        let short = board("Ragged", "Version 2\nMode: Normal\ny q e\n");
        assert_eq!(row_label(&topaz, &short, 18 * 8), "Ragged (!)", "the whole name, with a shorter mark");
        let good = board("A good one with a rather long name", "Version 2\nMode: Normal\ny y e\n");
        assert_eq!(row_label(&topaz, &good, 20 * 8), good.name, "the list shortens a good board's name itself");
    }

    /// A broken board's caption names its file, with the line and what
    /// is wrong there, in the width the Amiga's PAL screen gives it (the
    /// file's name holds the board's, said once).
    #[test]
    fn a_broken_board_s_caption_names_its_file() {
        let broken = board("Sideways", "Version 2\nMode: Sideways\ny e\n");
        let lines = caption(&broken, crate::gfx::font::topaz8(), 296);
        assert!(lines[0].starts_with("Sideways.brd, line 2: mode `sideways`"), "{lines:?}");
    }

    #[test]
    fn a_board_s_caption_counts_one_stone_in_the_singular() {
        let lone = board("Lone", "Version 2\nMode: Normal\ne e e\ne g e\n");
        let lines = caption(&lone, crate::gfx::font::topaz8(), 296);
        assert_eq!(lines[1..].join(" "), "1 stone in 6 slots. Straight jumps only. No target.");
    }
}
