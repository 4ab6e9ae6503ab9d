//! The help viewer, drawn in the current machine's style: on the Amiga an
//! AmigaGuide window with its button row (Contents, Index, Help, Retrace,
//! Browse <, Browse >); on the Mac an Imaj-style window with the topics
//! listed beside the text; on YaZZle the page alone inside the skin. Every
//! style scrolls by keys, wheel and scroll bar, and follows links by mouse
//! or by Tab and Return. RX, RXS and SYSTEM buttons are drawn disabled and
//! never run anything; files named by links are read only from the
//! document's own folder.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};
use crate::gfx::{Font, Rect, Surface, TextStyle};
use crate::help::layout::{Face, Layout, Measure, Piece, layout};
use crate::help::model::{Document, Pen as HelpPen, Target, stays_in_folder};
use crate::machines::{Button, Input, Key, Machine, MachineId, Menu, MenuItem, Pen};

use super::widgets::{bevel, button, list_box};
use super::{Response, View};

/// The Amiga button row: labels and the commands they send.
const BUTTONS: [(&str, &str); 6] = [
    ("Contents", "help-contents"),
    ("Index", "help-index"),
    ("Help", "help-help"),
    ("Retrace", "help-retrace"),
    ("Browse <", "help-prev"),
    ("Browse >", "help-next"),
];
/// Width of the scroll bar, in pixels.
const BAR: i32 = 12;
/// Lines one wheel notch scrolls.
const WHEEL_LINES: i32 = 3;

/// A place in the help: which document, node and first line.
#[derive(Clone)]
struct Place {
    doc: Document,
    node: usize,
    first: usize,
    /// A source line to bring to the top once the node is laid out (a
    /// link's line number); 0 when `first` already says where to start.
    start: usize,
}

/// The viewer's areas inside the content rectangle.
struct Panes {
    buttons: Vec<(Rect, &'static str, &'static str)>,
    topics: Option<Rect>,
    text: Rect,
    bar: Rect,
}

pub struct HelpViewer {
    here: Place,
    /// Where Retrace goes back to, oldest first.
    history: Vec<Place>,
    /// The link Tab has chosen (an index into the layout's links).
    focus: Option<usize>,
    /// Pixels the text is scrolled left, for lines that do not wrap and
    /// run past a narrow pane (a 76-column guide on a 40-column screen).
    shift: i32,
    message: String,
    /// The layout of the current node for a pane width, kept between draws.
    laid_out: RefCell<Option<(usize, i32, Layout)>>,
    /// Pictures read so far, by path (None: not readable).
    pictures: RefCell<HashMap<String, Option<RgbaImage>>>,
}

impl HelpViewer {
    /// A viewer on `doc` at the node called `node` (the first node if
    /// empty or missing); the document's first problem is shown in the
    /// status line.
    pub fn new(doc: Document, node: &str) -> HelpViewer {
        let message = doc.diagnostics.first().map(|d| d.to_string()).unwrap_or_default();
        let start = doc.node_index(node).unwrap_or(0);
        HelpViewer {
            here: Place { doc, node: start, first: 0, start: 0 },
            history: Vec::new(),
            focus: None,
            shift: 0,
            message,
            laid_out: RefCell::new(None),
            pictures: RefCell::new(HashMap::new()),
        }
    }

    /// The name of the node shown.
    pub fn node_name(&self) -> &str {
        self.here.doc.nodes.get(self.here.node).map_or("", |n| n.name.as_str())
    }

    /// The first line shown.
    pub fn first_line(&self) -> usize {
        self.here.first
    }

    fn folder(&self) -> PathBuf {
        self.here.doc.path.parent().map(Path::to_path_buf).unwrap_or_default()
    }

    fn panes(&self, machine: &Machine, area: Rect) -> Panes {
        let font = machine.look().title_font;
        match machine.id() {
            MachineId::AmigaPal | MachineId::AmigaDblPal => {
                let h = font.height() as i32 + 6;
                // On a 320-pixel screen the browse buttons keep only their
                // arrows, and every button is as wide as its label needs.
                let narrow = area.w < 480;
                let label = |l: &'static str| if narrow { l.trim_start_matches("Browse ") } else { l };
                let natural: i32 = BUTTONS.iter().map(|b| font.text_width(label(b.0)) as i32 + 8).sum();
                let spare = (area.w - 4 - natural).max(0) / BUTTONS.len() as i32;
                let mut x = area.x + 2;
                let mut buttons = Vec::new();
                for &(l, cmd) in &BUTTONS {
                    let w = font.text_width(label(l)) as i32 + 8 + spare;
                    buttons.push((Rect::new(x, area.y + 2, w - 2, h), label(l), cmd));
                    x += w;
                }
                let body = Rect::from_edges(area.x + 2, area.y + h + 5, area.right() - 2, area.bottom() - 2);
                split_bar(buttons, None, body)
            }
            MachineId::MacSe30 | MachineId::MacColor => {
                let list_w = (area.w / 4).max(80);
                let topics = Rect::new(area.x + 4, area.y + 4, list_w, area.h - 8);
                let body = Rect::from_edges(topics.right() + 6, area.y + 4, area.right() - 4, area.bottom() - 4);
                split_bar(Vec::new(), Some(topics), body)
            }
            MachineId::Yazzle => split_bar(Vec::new(), None, area.inset(4, 4)),
        }
    }

    fn layout_for(&self, machine: &Machine, width: i32) -> std::cell::Ref<'_, Layout> {
        let fresh = matches!(&*self.laid_out.borrow(), Some((n, w, _)) if *n == self.here.node && *w == width);
        if !fresh {
            let measure = Fonts { machine, viewer: self };
            let l = match self.here.doc.nodes.get(self.here.node) {
                Some(node) => layout(node, width, &measure),
                None => Layout::default(),
            };
            *self.laid_out.borrow_mut() = Some((self.here.node, width, l));
        }
        std::cell::Ref::map(self.laid_out.borrow(), |c| &c.as_ref().expect("just laid out").2)
    }

    fn picture(&self, path: &str) -> Option<RgbaImage> {
        let mut cache = self.pictures.borrow_mut();
        cache
            .entry(path.to_string())
            .or_insert_with(|| {
                // Pictures come from the document's folder only.
                if !stays_in_folder(path) {
                    return None;
                }
                let bytes = std::fs::read(self.folder().join(path)).ok()?;
                decode_png(path, &bytes).or_else(|_| decode_bmp(path, &bytes)).ok()
            })
            .clone()
    }

    /// Shows node `node` of the current document from its source line
    /// `line` (0: the top), keeping the way back.
    fn go(&mut self, doc: Option<Document>, node: usize, line: usize) {
        self.history.push(self.here.clone());
        if let Some(doc) = doc {
            self.here.doc = doc;
            self.pictures.borrow_mut().clear();
            *self.laid_out.borrow_mut() = None;
        }
        self.here.node = node;
        self.here.first = 0;
        self.shift = 0;
        self.here.start = line;
        self.focus = None;
        *self.laid_out.borrow_mut() = None;
    }

    /// Turns a pending start line into the first line shown.
    fn settle(&mut self, machine: &Machine, area: Rect) {
        if self.here.start == 0 {
            return;
        }
        let panes = self.panes(machine, area);
        let l = self.layout_for(machine, panes.text.w);
        let first = self.here.doc.nodes.get(self.here.node).map_or(0, |n| l.line_of_source(n, self.here.start));
        let max = l.max_first_line(panes.text.h);
        drop(l);
        self.here.first = first.min(max);
        self.here.start = 0;
    }

    fn follow(&mut self, target: &Target) -> Response {
        match target {
            Target::Node { file: None, node, line } => match self.here.doc.node_index(node) {
                Some(i) => {
                    self.go(None, i, *line);
                    self.message.clear();
                }
                None => self.message = format!("This guide has no node called {node}."),
            },
            Target::Node { file: Some(file), node, line } => {
                if !stays_in_folder(file) {
                    self.message = format!("{file} lies outside this help's folder; Parlour does not open it.");
                    return Response::Redraw;
                }
                match crate::help::read_file(&self.folder().join(file)) {
                    Ok(doc) => {
                        let i = doc.node_index(node).unwrap_or(0);
                        self.message = doc.diagnostics.first().map(|d| d.to_string()).unwrap_or_default();
                        self.go(Some(doc), i, *line);
                    }
                    Err(e) => self.message = e,
                }
            }
            Target::Url(url) => self.message = format!("Parlour does not open addresses: {url}"),
            Target::Command { text, .. } => {
                self.message = format!("\"{text}\" would run a program on an Amiga; Parlour never runs it.")
            }
            Target::Close | Target::Quit => return Response::Command("cancel".into()),
        }
        Response::Redraw
    }

    fn target_of(&self, command: &str) -> Option<Target> {
        let doc = &self.here.doc;
        let node = doc.nodes.get(self.here.node)?;
        let by_order = |step: isize| {
            let i = self.here.node.checked_add_signed(step)?;
            doc.nodes.get(i).map(|n| Target::node(&n.name))
        };
        match command {
            "help-contents" => node.contents.clone().or_else(|| doc.contents.clone()).or_else(|| {
                // Without a named contents node, MAIN (the first) is it.
                (self.here.node != 0).then(|| Target::node(&doc.nodes[0].name))
            }),
            "help-index" => node.index.clone().or_else(|| doc.index.clone()),
            "help-help" => node.help.clone().or_else(|| doc.help.clone()),
            "help-prev" => node.prev.clone().or_else(|| by_order(-1)),
            "help-next" => node.next.clone().or_else(|| by_order(1)),
            _ => None,
        }
    }

    fn scroll_by(&mut self, lines: i32, machine: &Machine, area: Rect) {
        let panes = self.panes(machine, area);
        let max = self.layout_for(machine, panes.text.w).max_first_line(panes.text.h);
        self.here.first = (self.here.first as i64 + i64::from(lines)).clamp(0, max as i64) as usize;
    }

    /// Scrolls sideways, no further than the widest line needs.
    fn shift_by(&mut self, delta: i32, machine: &Machine, area: Rect) {
        let panes = self.panes(machine, area);
        let l = self.layout_for(machine, panes.text.w);
        let widest = l.lines.iter().flat_map(|line| line.items.iter()).map(|i| i.x + i.width).max().unwrap_or(0);
        drop(l);
        self.shift = (self.shift + delta).clamp(0, (widest - panes.text.w).max(0));
    }

    fn visible_lines(&self, machine: &Machine, area: Rect) -> i32 {
        let panes = self.panes(machine, area);
        let l = self.layout_for(machine, panes.text.w);
        let first_y = l.lines.get(self.here.first).map_or(0, |line| line.y);
        l.lines.iter().skip(self.here.first).take_while(|line| line.y + line.height - first_y <= panes.text.h).count()
            as i32
    }

    fn draw_text_pane(&self, s: &mut Surface, machine: &Machine, panes: &Panes) {
        let look = machine.look();
        let pane = panes.text;
        s.fill_rect(pane, look.paint(Pen::Background));
        let l = self.layout_for(machine, pane.w);
        let first = match self.here.doc.nodes.get(self.here.node) {
            Some(node) if self.here.start > 0 => l.line_of_source(node, self.here.start).min(l.max_first_line(pane.h)),
            _ => self.here.first,
        };
        let top = l.lines.get(first).map_or(0, |line| line.y);
        let old = s.set_clip(pane.intersect(&s.clip()));
        for line in l.lines.iter().skip(first) {
            let y = pane.y + line.y - top;
            if y >= pane.bottom() {
                break;
            }
            for item in &line.items {
                let x = pane.x + item.x - self.shift;
                match &item.piece {
                    Piece::Text { text, face, link } => {
                        let font = face_font(machine, *face);
                        let ty = y + line.ascent - font.ascent() as i32;
                        let mut ink = look.paint(pen_of(face.style.fg));
                        if face.style.bg != HelpPen::Background {
                            s.fill_rect(Rect::new(x, y, item.width, line.height), look.paint(pen_of(face.style.bg)));
                        }
                        if let Some(i) = link {
                            let enabled = l.links[*i].target.is_enabled();
                            if self.focus == Some(*i) {
                                s.fill_rect(Rect::new(x, y, item.width, line.height), look.paint(Pen::Fill));
                                ink = look.paint(Pen::FillText);
                            } else if !enabled {
                                ink = look.paint(Pen::Disabled);
                            }
                            if is_amiga(machine) {
                                bevel(s, machine, Rect::new(x - 1, y, item.width + 2, line.height), true);
                            }
                        }
                        let underline = face.style.underline || (link.is_some() && !is_amiga(machine));
                        let style = TextStyle { bold: is_bold(*face), italic: face.style.italic, underline };
                        s.draw_text(font, text, x, ty, ink, style);
                    }
                    Piece::Marker { text, face } => {
                        let font = face_font(machine, *face);
                        draw_marker(s, font, text, x, y + line.ascent, look.paint(Pen::Text));
                    }
                    Piece::Image { path, .. } => {
                        if let Some(picture) = self.picture(path) {
                            draw_picture(s, &picture, x, y);
                        }
                    }
                    Piece::Rule => s.hline(x, x + item.width - 1, y + line.height / 2, look.paint(Pen::Shadow)),
                }
            }
        }
        s.set_clip(old);
        // The scroll bar: a trough with a knob as long as the share shown.
        let bar = panes.bar;
        s.fill_rect(bar, look.paint(Pen::Background));
        bevel(s, machine, bar, false);
        let total = l.height.max(1);
        let knob_h = (bar.h * pane.h / total).clamp(8, bar.h);
        let knob_y = bar.y + ((bar.h - knob_h) as i64 * top as i64 / (total - pane.h).max(1) as i64) as i32;
        let knob = Rect::new(bar.x + 1, knob_y.min(bar.bottom() - knob_h), bar.w - 2, knob_h);
        s.fill_rect(knob, look.paint(Pen::Fill));
        bevel(s, machine, knob, true);
    }
}

/// Puts a scroll bar at the right of `body` and the text pane beside it.
fn split_bar(buttons: Vec<(Rect, &'static str, &'static str)>, topics: Option<Rect>, body: Rect) -> Panes {
    let text = Rect::new(body.x, body.y, body.w - BAR - 2, body.h);
    let bar = Rect::new(body.right() - BAR, body.y, BAR, body.h);
    Panes { buttons, topics, text, bar }
}

/// The machine's pen for an AmigaGuide pen.
fn pen_of(pen: HelpPen) -> Pen {
    match pen {
        HelpPen::Text | HelpPen::Number(_) => Pen::Text,
        HelpPen::Shine => Pen::Shine,
        HelpPen::Shadow => Pen::Shadow,
        HelpPen::Fill => Pen::Fill,
        HelpPen::FillText => Pen::FillText,
        HelpPen::Background => Pen::Background,
        HelpPen::Highlight => Pen::Highlight,
    }
}

/// Headings in the title font, everything else in the text font.
fn face_font(machine: &Machine, face: Face) -> &'static Font {
    if face.heading.is_some() { machine.look().title_font } else { machine.look().text_font }
}

/// Headings are drawn bold as well as in the title font.
fn is_bold(face: Face) -> bool {
    face.style.bold || face.heading.is_some()
}

/// A list marker; the bullet, which the period fonts lack, is drawn as a
/// small square as the Mac's and Amiga's own lists did.
fn draw_marker(s: &mut Surface, font: &Font, text: &str, x: i32, baseline: i32, paint: crate::gfx::Paint) {
    if text == "\u{2022}" {
        let size = (font.ascent() as i32 / 3).max(2);
        s.fill_rect(Rect::new(x + 1, baseline - font.ascent() as i32 / 2 - size / 2, size, size), paint);
    } else {
        s.draw_text(font, text, x, baseline - font.ascent() as i32, paint, TextStyle::PLAIN);
    }
}

fn draw_picture(s: &mut Surface, picture: &RgbaImage, x: i32, y: i32) {
    for (i, &(rgb, alpha)) in picture.pixels.iter().enumerate() {
        if alpha >= 128 {
            let value = s.value_for(rgb);
            s.put(x + (i as u32 % picture.width) as i32, y + (i as u32 / picture.width) as i32, value);
        }
    }
}

/// Text sizes in the machine's fonts, picture sizes from the files.
struct Fonts<'a> {
    machine: &'a Machine,
    viewer: &'a HelpViewer,
}

impl Measure for Fonts<'_> {
    fn text_width(&self, text: &str, face: Face) -> i32 {
        let bold = if is_bold(face) { text.chars().count() as i32 } else { 0 };
        face_font(self.machine, face).text_width(text) as i32 + bold
    }

    fn line_height(&self, face: Face) -> i32 {
        face_font(self.machine, face).height() as i32 + 1
    }

    fn ascent(&self, face: Face) -> i32 {
        face_font(self.machine, face).ascent() as i32
    }

    fn cell(&self) -> i32 {
        self.machine.look().text_font.text_width("0") as i32
    }

    fn image_size(&self, path: &str) -> Option<(i32, i32)> {
        self.viewer.picture(path).map(|p| (p.width as i32, p.height as i32))
    }
}

impl View for HelpViewer {
    fn title(&self) -> String {
        let node = self.here.doc.nodes.get(self.here.node);
        match node {
            Some(n) if !n.title.is_empty() => n.title.clone(),
            _ => self.here.doc.title.clone(),
        }
    }

    fn menus(&self) -> Vec<Menu> {
        let items = BUTTONS.iter().map(|&(label, cmd)| MenuItem::new(label, cmd)).collect();
        vec![Menu::new("Help", items)]
    }

    fn message(&self) -> String {
        self.message.clone()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let panes = self.panes(machine, area);
        for &(r, label, cmd) in &panes.buttons {
            button(s, machine, r, label, self.can(cmd));
        }
        if let Some(topics) = panes.topics {
            let titles: Vec<String> = self
                .here
                .doc
                .nodes
                .iter()
                .map(|n| if n.title.is_empty() { n.name.clone() } else { n.title.clone() })
                .collect();
            list_box(s, machine, topics, &titles, 0, Some(self.here.node));
        }
        self.draw_text_pane(s, machine, &panes);
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        self.settle(machine, area);
        let panes = self.panes(machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                if let Some(&(_, _, cmd)) = panes.buttons.iter().find(|(r, _, _)| r.contains(x, y)) {
                    return self.command(cmd).unwrap_or(Response::Unchanged);
                }
                if let Some(topics) = panes.topics.filter(|t| t.contains(x, y)) {
                    let row_h = machine.look().text_font.height() as i32 + 2;
                    let row = ((y - topics.y - 2) / row_h) as usize;
                    if row < self.here.doc.nodes.len() && row != self.here.node {
                        self.go(None, row, 0);
                        return Response::Redraw;
                    }
                    return Response::Unchanged;
                }
                if panes.bar.contains(x, y) {
                    let page = self.visible_lines(machine, area).max(1);
                    let up = y < panes.bar.y + panes.bar.h / 2;
                    self.scroll_by(if up { -page } else { page }, machine, area);
                    return Response::Redraw;
                }
                if panes.text.contains(x, y) {
                    let l = self.layout_for(machine, panes.text.w);
                    let top = l.lines.get(self.here.first).map_or(0, |line| line.y);
                    let hit = l.link_at(x - panes.text.x + self.shift, y - panes.text.y + top);
                    let target = hit.map(|i| l.links[i].target.clone());
                    drop(l);
                    if let Some(target) = target {
                        return self.follow(&target);
                    }
                }
                Response::Unchanged
            }
            Input::Wheel { dy, .. } => {
                self.scroll_by(dy * WHEEL_LINES, machine, area);
                Response::Redraw
            }
            Input::Key { key, mods } => {
                let page = self.visible_lines(machine, area).max(1);
                match key {
                    Key::Up => self.scroll_by(-1, machine, area),
                    Key::Down => self.scroll_by(1, machine, area),
                    Key::PageUp => self.scroll_by(-page, machine, area),
                    Key::PageDown | Key::Char(' ') => self.scroll_by(page, machine, area),
                    Key::Home => self.scroll_by(i32::MIN / 2, machine, area),
                    Key::End => self.scroll_by(i32::MAX / 2, machine, area),
                    Key::Left | Key::Right => {
                        let step = 8 * machine.look().text_font.text_width("0") as i32;
                        let delta = if key == Key::Left { -step } else { step };
                        self.shift_by(delta, machine, area);
                    }
                    Key::Tab => {
                        let l = self.layout_for(machine, panes.text.w);
                        let count = l.links.len();
                        drop(l);
                        if count == 0 {
                            return Response::Unchanged;
                        }
                        self.focus = Some(match (self.focus, mods.shift) {
                            (None, false) => 0,
                            (None, true) => count - 1,
                            (Some(i), false) => (i + 1) % count,
                            (Some(i), true) => (i + count - 1) % count,
                        });
                        self.reveal_focus(machine, area);
                    }
                    Key::Enter => {
                        let l = self.layout_for(machine, panes.text.w);
                        let target = self.focus.and_then(|i| l.links.get(i)).map(|spot| spot.target.clone());
                        drop(l);
                        return target.map_or(Response::Unchanged, |t| self.follow(&t));
                    }
                    Key::Backspace => return self.command("help-retrace").unwrap_or(Response::Unchanged),
                    Key::Escape => return Response::Command("cancel".into()),
                    _ => return Response::Unchanged,
                }
                Response::Redraw
            }
            _ => Response::Unchanged,
        }
    }

    fn command(&mut self, command: &str) -> Option<Response> {
        if command == "help-retrace" {
            let back = self.history.pop()?;
            self.here = back;
            self.focus = None;
            self.shift = 0;
            self.pictures.borrow_mut().clear();
            *self.laid_out.borrow_mut() = None;
            return Some(Response::Redraw);
        }
        let target = self.target_of(command)?;
        Some(self.follow(&target))
    }

    fn can(&self, command: &str) -> bool {
        match command {
            "help-retrace" => !self.history.is_empty(),
            _ => self.target_of(command).is_some(),
        }
    }
}

impl HelpViewer {
    /// Where the links of the shown part of the node are on the screen
    /// (first rectangle of each), in link order; for tests and scripts.
    pub fn link_rects(&self, machine: &Machine, area: Rect) -> Vec<Rect> {
        let panes = self.panes(machine, area);
        let l = self.layout_for(machine, panes.text.w);
        let top = l.lines.get(self.here.first).map_or(0, |line| line.y);
        l.links
            .iter()
            .filter_map(|spot| spot.rects.first())
            .map(|r| r.offset(panes.text.x - self.shift, panes.text.y - top))
            .collect()
    }

    /// Scrolls so that the focused link's first line is visible.
    fn reveal_focus(&mut self, machine: &Machine, area: Rect) {
        let panes = self.panes(machine, area);
        let l = self.layout_for(machine, panes.text.w);
        let Some(line) = self.focus.and_then(|i| l.links.get(i)).map(|spot| spot.line) else { return };
        drop(l);
        let shown = self.visible_lines(machine, area).max(1) as usize;
        if line < self.here.first || line >= self.here.first + shown {
            self.here.first = line;
            self.scroll_by(0, machine, area);
        }
    }
}

fn is_amiga(machine: &Machine) -> bool {
    matches!(machine.id(), MachineId::AmigaPal | MachineId::AmigaDblPal)
}
