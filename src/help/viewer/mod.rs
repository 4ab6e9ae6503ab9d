//! The hypertext viewer: one help document at a time, shown one node at a
//! time in the current machine's manner (see [`style::Manner`]), with a
//! history to retrace, browsing in node order, links chosen by mouse or by
//! Tab and Return, and scrolling by keys, wheel and scroll bar.
//!
//! It never runs anything a document asks for: RX, RXS and SYSTEM buttons
//! and web addresses are drawn disabled and only explained in the status
//! line, and another file opens only from inside the document's folder.

mod paint;
pub mod panes;
pub mod style;

use std::collections::HashMap;
use std::sync::Arc;

use crate::gfx::image_io::RgbaImage;
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Input, Key, Machine};

use super::layout::Measure;
use super::layout::{self, Layout};
use super::model::{Block, BlockKind, Document, Node, Span, Style, Target};
use super::source;
use crate::core::html::{NeverFollowed, never_followed};
use crate::core::{Diagnostic, shell_quoted};
pub use panes::{Control, Panes};
use style::{Manner, Type};

/// Lines one wheel notch scrolls.
const WHEEL_LINES: usize = 3;
/// Character cells the cursor keys scroll sideways.
const SIDE_STEP: i32 = 8;

/// What an event did to the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Unchanged,
    Redraw,
    /// The reader closed the viewer.
    Close,
}

/// How far a node is scrolled: a line of its layout, or (until the layout
/// is known, for a link into the middle of a node) a source line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scroll {
    Line(usize),
    Source(usize),
}

/// Where the reader is: a document, one of its nodes, the scroll, and
/// the link Tab had chosen there (Retrace gives it back with the page).
#[derive(Clone, Debug)]
struct Place {
    doc: Arc<Document>,
    node: usize,
    scroll: Scroll,
    focus: Option<usize>,
}

/// What the left button went down on, acted on when it comes up (so a
/// press can be taken back by moving off), or dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Press {
    Link(usize),
    Control(Control),
    /// The text's scroll knob, grabbed this far below its top.
    Knob(i32),
    /// The topic list's knob.
    TopicKnob(i32),
    /// The horizontal scroller's knob.
    SideKnob(i32),
}

/// The Mac's topic list as the reader scrolled it: its first row, and
/// how many rows it showed then. A list that shows another number of
/// rows (the machine switched from a colour Mac to the SE/30) shows the
/// current topic as it would open there, as the launcher's list does:
/// the row kept could leave the topic out of sight below it.
#[derive(Clone, Copy, Debug)]
struct TopicScroll {
    first: usize,
    rows: usize,
}

/// Where a button leads: a link's target, or a node of the document by
/// its place in the file.
enum Way {
    To(Target),
    Nth(usize),
}

pub struct Viewer {
    here: Place,
    /// Where Retrace goes back to, the latest last.
    history: Vec<Place>,
    /// The link Tab has chosen, by its index in the node's layout.
    focus: Option<usize>,
    /// Why the last action did nothing, if it did nothing.
    status: String,
    /// How many times an action has said why: a message said again is
    /// news too (see [`Viewer::said`]).
    said: usize,
    /// The current node's pictures, by the path its spans give.
    pictures: HashMap<String, RgbaImage>,
    pressed: Option<Press>,
    /// The first row shown in the Mac's topic list, once the reader has
    /// scrolled it; None: wherever shows the current topic.
    topic_first: Option<TopicScroll>,
    /// Pixels the text is scrolled left: lines that do not wrap may run
    /// past a narrow pane (a 76-column guide on a 320-pixel Amiga).
    shift: i32,
    /// Whether the keys go to the Mac's topic list (Tab reaches it after
    /// the page's last link): Up and Down then choose the topic.
    list_focus: bool,
    /// The documents read so far that have problems, and those of them
    /// not yet taken with [`Viewer::take_opened`].
    opened: Opened,
}

/// A document with problems, as it was first read.
#[derive(Clone, Debug)]
pub struct OpenedDoc {
    pub doc: Arc<Document>,
    /// Whether its only page is the one listing its problems (it had
    /// none of its own to show).
    pub listed: bool,
}

/// The documents with problems the viewer has read: each is told of
/// once, however often the reader comes back to it.
#[derive(Default)]
struct Opened {
    seen: Vec<std::path::PathBuf>,
    untold: Vec<OpenedDoc>,
}

impl Opened {
    /// A document just read, ready to show (see [`share`]); its problems
    /// are kept to be told of if it is read for the first time.
    fn share(&mut self, doc: Document) -> Arc<Document> {
        let listed = doc.nodes.is_empty();
        let doc = share(doc);
        if !doc.diagnostics.is_empty() && !self.seen.contains(&doc.path) {
            self.seen.push(doc.path.clone());
            self.untold.push(OpenedDoc { doc: doc.clone(), listed });
        }
        doc
    }
}

impl Viewer {
    /// Shows `doc` at the node called `node` (its first node if there is
    /// no such node, or no name).
    pub fn new(doc: Document, node: Option<&str>) -> Viewer {
        let mut opened = Opened::default();
        let doc = opened.share(doc);
        let index = node.and_then(|n| find_node(&doc, n)).unwrap_or(0);
        let mut v = Viewer {
            here: Place { doc, node: index, scroll: Scroll::Line(0), focus: None },
            history: Vec::new(),
            focus: None,
            status: String::new(),
            said: 0,
            pictures: HashMap::new(),
            pressed: None,
            topic_first: None,
            shift: 0,
            list_focus: false,
            opened,
        };
        v.load_pictures();
        v
    }

    pub fn document(&self) -> &Document {
        &self.here.doc
    }

    fn node(&self) -> &Node {
        &self.here.doc.nodes[self.here.node]
    }

    /// The name of the node shown.
    pub fn node_name(&self) -> &str {
        &self.node().name
    }

    /// The document's title (its file name if it has none).
    pub fn title(&self) -> String {
        let doc = &self.here.doc;
        if !doc.title.is_empty() {
            return doc.title.clone();
        }
        crate::core::files::file_name(&doc.path)
    }

    /// The node's title (its name if it has none).
    pub fn node_title(&self) -> &str {
        let node = self.node();
        if node.title.is_empty() { &node.name } else { &node.title }
    }

    /// The status line: why the last action did nothing, else the first
    /// problem the reader found in the topic shown. The document's
    /// problems were told whole as it opened; on another topic the line
    /// would blame it for a line the reader cannot see.
    pub fn status(&self) -> String {
        if !self.status.is_empty() {
            return self.status.clone();
        }
        let lines = self.node_lines();
        // The topic's first problem by line, whatever order the reader
        // found them in (a closing tag missing is told at the file's end).
        let mine = self.here.doc.diagnostics.iter().filter(|d| lines.contains(&d.line)).min_by_key(|d| d.line);
        mine.map_or_else(String::new, told)
    }

    /// The source lines of the topic shown: from its first line to the
    /// next topic's, the lines before the first topic (the file's own
    /// header) with the first.
    fn node_lines(&self) -> std::ops::Range<usize> {
        let nodes = &self.here.doc.nodes;
        let start = if self.here.node == 0 { 0 } else { self.node().line };
        let end = nodes.iter().skip(self.here.node + 1).map(|n| n.line).find(|&l| l > start).unwrap_or(usize::MAX);
        start..end
    }

    /// The documents with problems read since the last call (the first
    /// one shown, a file a link opened), each once: their problems are
    /// for the reader to see whole, where the status line has room for
    /// the first only, and cut short at that.
    pub fn take_opened(&mut self) -> Vec<OpenedDoc> {
        std::mem::take(&mut self.opened.untold)
    }

    /// Whether the status line tells only the document's own first
    /// problem, which the document's problems told whole as it opened
    /// (see [`Viewer::take_opened`]) already said: no news to box again
    /// as the reader comes back to it.
    pub fn status_is_told(&self) -> bool {
        self.status.is_empty()
    }

    /// How many times an action has said why it did nothing: a view
    /// that sees it go up has a message to show whole where the status
    /// line cuts it short.
    pub fn said(&self) -> usize {
        self.said
    }

    /// Says why an action did nothing (or what it did instead).
    fn say(&mut self, why: impl Into<String>) {
        self.status = why.into();
        self.said += 1;
    }

    /// The link Tab has chosen.
    pub fn focus(&self) -> Option<usize> {
        self.focus
    }

    /// How many places Retrace can go back.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The viewer's rectangles on `machine` in `area`.
    pub fn panes(&self, machine: &Machine, area: Rect) -> Panes {
        self.framed(machine, area).0
    }

    /// The viewer's rectangles and the node laid out in them, laid out
    /// once: the page's horizontal bar depends on the layout's width.
    fn framed(&self, machine: &Machine, area: Rect) -> (Panes, Layout) {
        let manner = Manner::of(machine.id());
        let controls: Vec<Control> = match manner {
            Manner::Page if self.here.doc.nodes.len() > 1 => {
                vec![Control::Retrace, Control::Contents, Control::Index, Control::Prev, Control::Next, Control::Close]
            }
            // A page of its own (game.html) with a way to the manual.
            Manner::Page if self.here.doc.contents.is_some() => {
                vec![Control::Retrace, Control::Contents, Control::Close]
            }
            _ => vec![Control::Retrace, Control::Close],
        };
        let panes = Panes::new(manner, area, &controls);
        let layout = self.layout(&panes);
        // Only the page's bar comes and goes: the Amiga's is its window's
        // border, and a Mac window always had both. It takes height, not
        // width, so the layout stands.
        if manner == Manner::Page && layout.width > panes.text.w {
            return (panes.with_page_hbar(), layout);
        }
        (panes, layout)
    }

    fn ty(&self, manner: Manner) -> Type<'_> {
        Type::new(manner, &self.here.doc, &self.pictures)
    }

    fn layout(&self, panes: &Panes) -> Layout {
        layout::layout(self.node(), panes.text.w, &self.ty(panes.manner))
    }

    /// How far one sideways step scrolls, in pixels.
    fn side_step(&self, panes: &Panes) -> i32 {
        SIDE_STEP * self.ty(panes.manner).cell()
    }

    fn first(&self, layout: &Layout, panes: &Panes) -> usize {
        let first = match self.here.scroll {
            Scroll::Line(n) => n,
            Scroll::Source(line) => layout.line_of_source(self.node(), line),
        };
        first.min(layout.max_first_line(panes.text.h))
    }

    /// The first line of the node in view.
    pub fn first_line(&self, machine: &Machine, area: Rect) -> usize {
        let (panes, layout) = self.framed(machine, area);
        self.first(&layout, &panes)
    }

    /// Every link in view: its first rectangle on the screen and its target.
    pub fn visible_links(&self, machine: &Machine, area: Rect) -> Vec<(Rect, Target)> {
        let (panes, layout) = self.framed(machine, area);
        let top = layout.lines.get(self.first(&layout, &panes)).map_or(0, |l| l.y);
        (0..layout.links.len())
            .filter(|&k| self.in_view(k, &panes, &layout))
            .filter_map(|k| {
                let l = &layout.links[k];
                let r = l.rects.first()?.offset(panes.text.x - self.shift, panes.text.y - top);
                (r.x >= panes.text.x).then(|| (r, l.target.clone()))
            })
            .collect()
    }

    /// The source lines in view that are wider than the text pane, so
    /// cut off at its edge on purpose (the reader scrolls sideways to the
    /// rest; for a guide's author a line to shorten), and where the pane
    /// cuts them.
    pub fn wide_lines(&self, machine: &Machine, area: Rect) -> (Rect, Vec<usize>) {
        let (panes, layout) = self.framed(machine, area);
        let top = layout.lines.get(self.first(&layout, &panes)).map_or(0, |l| l.y);
        let in_view = |l: &&layout::Line| l.y >= top && l.y + l.height <= top + panes.text.h;
        let wide = |l: &&layout::Line| l.items.iter().any(|i| i.x + i.width > panes.text.w);
        let blocks = layout.lines.iter().filter(in_view).filter(wide).map(|l| l.block);
        let mut lines: Vec<usize> = blocks.filter_map(|b| self.node().blocks.get(b)).map(|b| b.line).collect();
        lines.dedup();
        (panes.text_clip(), lines)
    }

    /// The node's text as it wraps in the pane on `machine`, a string a
    /// line (for a guide's author to check what breaks where).
    pub fn wrapped_text(&self, machine: &Machine, area: Rect) -> Vec<String> {
        let (_, layout) = self.framed(machine, area);
        let text = |i: &layout::Item| match &i.piece {
            layout::Piece::Text { text, .. } => Some(text.clone()),
            _ => None,
        };
        layout.lines.iter().map(|l| l.items.iter().filter_map(text).collect()).collect()
    }

    /// Whether the link `k` of the layout stands wholly between the top
    /// and the bottom of the text pane, as it is scrolled.
    fn in_view(&self, k: usize, panes: &Panes, layout: &Layout) -> bool {
        let top = layout.lines.get(self.first(layout, panes)).map_or(0, |l| l.y);
        let first_rect = layout.links.get(k).and_then(|l| l.rects.first());
        first_rect.is_some_and(|r| r.y >= top && r.bottom() <= top + panes.text.h)
    }

    pub fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let (panes, layout) = self.framed(machine, area);
        paint::draw(self, s, machine, &panes, &layout);
    }

    /// Whether a button would do something now.
    pub fn can(&self, control: Control) -> bool {
        match control {
            Control::Retrace => !self.history.is_empty(),
            Control::Close => true,
            _ => match self.control_way(control) {
                Some(Way::To(t)) => t.is_enabled() && !self.is_here(&t),
                Some(Way::Nth(i)) => i != self.here.node,
                None => false,
            },
        }
    }

    /// Presses a button (or chooses its menu item or key).
    pub fn press(&mut self, control: Control) -> Outcome {
        if !self.can(control) {
            // A key (or a greyed button) that does nothing says why.
            let here = match self.control_way(control) {
                Some(Way::To(t)) => self.is_here(&t),
                Some(Way::Nth(i)) => i == self.here.node,
                None => false,
            };
            let why = match control {
                Control::Contents | Control::Index | Control::Help if here => "You are reading it.",
                Control::Contents => "This help has no contents page.",
                Control::Index => "This help has no index.",
                Control::Help => "This help has no page on using it.",
                Control::Retrace => "There is nothing to go back to.",
                Control::Prev => "This is the first topic.",
                Control::Next => "This is the last topic.",
                Control::Close => "",
            };
            self.say(why);
            return Outcome::Redraw;
        }
        match control {
            Control::Close => Outcome::Close,
            Control::Retrace => {
                if let Some(place) = self.history.pop() {
                    self.here = place;
                    self.arrived();
                    // Back where the reader was, on the link they followed.
                    self.focus = self.here.focus;
                }
                Outcome::Redraw
            }
            _ => match self.control_way(control) {
                Some(Way::To(target)) => self.follow(&target),
                Some(Way::Nth(i)) => {
                    self.status.clear();
                    self.go(self.here.doc.clone(), i, 0);
                    Outcome::Redraw
                }
                None => Outcome::Unchanged,
            },
        }
    }

    /// Where a button leads: the node's own Contents, Index, Help and
    /// browse neighbours, else the document's, else (Contents) its first
    /// node and (Browse) the nodes before and after in the file. Those
    /// go by place, not by name, which two nodes may share.
    fn control_way(&self, control: Control) -> Option<Way> {
        let (doc, node) = (&self.here.doc, self.node());
        let by_order = |i: Option<usize>| i.filter(|&i| i < doc.nodes.len()).map(Way::Nth);
        let own = |target: &Option<Target>| target.clone().map(Way::To);
        match control {
            Control::Contents => own(&node.contents).or_else(|| own(&doc.contents)).or_else(|| by_order(Some(0))),
            Control::Index => own(&node.index).or_else(|| own(&doc.index)),
            Control::Help => own(&node.help).or_else(|| own(&doc.help)),
            Control::Prev => own(&node.prev).or_else(|| by_order(self.here.node.checked_sub(1))),
            Control::Next => own(&node.next).or_else(|| by_order(Some(self.here.node + 1))),
            Control::Retrace | Control::Close => None,
        }
    }

    /// Whether a target is the node already shown, named from this
    /// document or (a way carried over from another) by its path.
    fn is_here(&self, target: &Target) -> bool {
        let node = match target {
            Target::Node { file: None, node, .. } => node,
            Target::File { path, node } if *path == self.here.doc.path => node,
            _ => return false,
        };
        find_node(&self.here.doc, node) == Some(self.here.node)
    }

    /// Follows a link or button target.
    fn follow(&mut self, target: &Target) -> Outcome {
        self.status.clear();
        match target {
            Target::Close | Target::Quit => return Outcome::Close,
            Target::Command { text, .. } => {
                self.say(format!("Help never runs commands. This one would run: {text}"));
            }
            // What lint warns of, the help says of in the same words.
            Target::Url(url) if never_followed(url) == Some(NeverFollowed::Script) => {
                self.say(format!("Help never runs scripts. This link would run: {url}"));
            }
            Target::Url(url) if never_followed(url) == Some(NeverFollowed::LocalFile) => {
                self.say(format!("Help never opens file: addresses. The address: {url}"));
            }
            // A path out of the document's folder is greyed as an address
            // is, but it is no web address: it is named first, as a guide's
            // link out is, where the status line has room.
            Target::Url(url) if !url.contains("://") && !url.starts_with("mailto:") => {
                let why = match source::openable(&self.here.doc.path, url) {
                    Err(outside) => outside,
                    Ok(_) => self.missing_file(url),
                };
                self.say(why);
            }
            Target::Url(url) => self.say(format!("Web addresses are not opened here. The address: {url}")),
            Target::Node { file: None, node, line } => match find_node(&self.here.doc, node) {
                Some(i) => self.go(self.here.doc.clone(), i, *line),
                None => self.say(format!("That topic is missing. There is no topic \"{node}\" in {}.", self.title())),
            },
            Target::Node { file: Some(file), node, line } => {
                // A link the reader found leads to nothing the viewer can
                // show says what lint says of it, on the link's own line,
                // rather than what is wrong with the file it names.
                if let Some(why) = self.here.doc.dead_link(file, node).map(|dead| told(&dead.told)) {
                    self.say(why);
                    return Outcome::Redraw;
                }
                let opened = source::openable(&self.here.doc.path, file).and_then(|path| match path.is_file() {
                    true => super::read_file(&path),
                    false => Err(self.missing_file(file)),
                });
                self.open(opened, file, node, *line);
            }
            Target::File { path, node } => {
                let name = file_name(path);
                self.open(super::read_file(path), &name, node, 0);
            }
        }
        Outcome::Redraw
    }

    /// What is said of a link to a file of the folder that is not there.
    fn missing_file(&self, file: &str) -> String {
        format!("That file is missing: {}.", source::no_such_file(&self.here.doc.path, file))
    }

    /// Goes to `node` of a document just read from the file `name`, or
    /// says why not.
    fn open(&mut self, opened: Result<Document, String>, name: &str, node: &str, line: usize) {
        match opened {
            Ok(mut doc) => {
                inherit_ways(&mut doc, &self.here.doc);
                let doc = self.opened.share(doc);
                match find_node(&doc, node) {
                    Some(i) => self.go(doc, i, line),
                    None => self.say(format!("That topic is missing. There is no topic \"{node}\" in {name}.")),
                }
            }
            Err(e) => self.say(e),
        }
    }

    /// Whether following `target` would show something: it is no command
    /// or address, and the node or the file it names is there. A link
    /// that leads nowhere is drawn disabled; clicked, or marked by Tab
    /// and followed by Return, it says why.
    pub(super) fn leads_somewhere(&self, target: &Target) -> bool {
        match target {
            // Where the document lies says how far its links may reach.
            Target::Node { file: Some(file), node, .. } => {
                source::beside(&self.here.doc.path, file).is_ok_and(|path| path.is_file())
                    && !self.here.doc.names_dead_link(file, node)
            }
            Target::Node { file: None, node, .. } => find_node(&self.here.doc, node).is_some(),
            _ => target.is_enabled(),
        }
    }

    /// Moves to a node, remembering where the reader was.
    fn go(&mut self, doc: Arc<Document>, node: usize, source_line: usize) {
        let scroll = if source_line > 0 { Scroll::Source(source_line) } else { Scroll::Line(0) };
        let mut from = std::mem::replace(&mut self.here, Place { doc, node, scroll, focus: None });
        from.focus = self.focus;
        self.history.push(from);
        self.arrived();
    }

    /// Settles on a new place: its pictures, no focus, not scrolled
    /// sideways, its topic in view.
    fn arrived(&mut self) {
        self.focus = None;
        self.topic_first = None;
        self.pressed = None;
        self.shift = 0;
        self.load_pictures();
    }

    /// Reads the pictures the current node shows. A picture that cannot
    /// be read is shown as its words; why is among the document's
    /// problems (see [`read_file`](super::read_file)), told as they are.
    fn load_pictures(&mut self) {
        self.pictures.clear();
        let paths: Vec<String> = self
            .node()
            .blocks
            .iter()
            .flat_map(|b| &b.spans)
            .filter_map(|s| match s {
                Span::Image { path, .. } => Some(path.clone()),
                _ => None,
            })
            .collect();
        for path in paths {
            if let Ok(img) = source::picture(&self.here.doc.path, &path) {
                self.pictures.insert(path, img);
            }
        }
    }

    /// Handles one input event in `area`.
    pub fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Outcome {
        let (panes, layout) = self.framed(machine, area);
        match *input {
            Input::Key { key, mods } => self.key(key, mods.shift, &panes, &layout),
            Input::MouseDown { x, y, button: Button::Left } => self.mouse_down(x, y, &panes, &layout),
            Input::MouseMove { x, y } => self.drag(x, y, &panes, &layout),
            Input::MouseUp { x, y, button: Button::Left } => self.mouse_up(x, y, &panes, &layout),
            Input::Wheel { x, y, dy } => {
                let lines = dy.unsigned_abs() as usize * WHEEL_LINES;
                match panes.topics {
                    Some((list, ..)) if list.contains(x, y) => {
                        let top = self.topic_top(&panes);
                        let first = if dy > 0 { top + lines } else { top.saturating_sub(lines) };
                        self.set_topic_first(first, &panes)
                    }
                    _ => self.scroll_by(if dy > 0 { lines as isize } else { -(lines as isize) }, &panes, &layout),
                }
            }
            _ => Outcome::Unchanged,
        }
    }

    fn key(&mut self, key: Key, shift: bool, panes: &Panes, layout: &Layout) -> Outcome {
        if self.list_focus && panes.topics.is_some() {
            let last = self.here.doc.nodes.len().saturating_sub(1);
            let page = Viewer::topic_rows(panes);
            let node = self.here.node;
            let to = match key {
                Key::Up => Some(node.saturating_sub(1)),
                Key::Down => Some((node + 1).min(last)),
                Key::PageUp => Some(node.saturating_sub(page)),
                Key::PageDown => Some((node + page).min(last)),
                Key::Home => Some(0),
                Key::End => Some(last),
                _ => None,
            };
            if let Some(to) = to {
                if to == node {
                    return Outcome::Unchanged;
                }
                self.status.clear();
                self.go(self.here.doc.clone(), to, 0);
                // The list follows the topic chosen.
                self.topic_first = None;
                return Outcome::Redraw;
            }
            if key == Key::Tab {
                self.list_focus = false;
                self.focus = None;
                return match self.tab(!shift, panes, layout) {
                    Outcome::Unchanged => Outcome::Redraw,
                    moved => moved,
                };
            }
        }
        let first = self.first(layout, panes);
        match key {
            Key::Up => self.scroll_by(-1, panes, layout),
            Key::Down => self.scroll_by(1, panes, layout),
            Key::PageUp => self.set_first(page_up(layout, first, panes.text.h), panes, layout),
            Key::PageDown | Key::Char(' ') => self.set_first(page_down(layout, first, panes.text.h), panes, layout),
            Key::Home => self.set_first(0, panes, layout),
            Key::End => self.set_first(layout.lines.len(), panes, layout),
            Key::Tab => self.tab(!shift, panes, layout),
            // Only a link the reader sees highlighted is followed.
            Key::Enter => {
                match self.focus.filter(|&k| self.in_view(k, panes, layout)).and_then(|k| layout.links.get(k)) {
                    Some(link) => {
                        let target = link.target.clone();
                        self.follow(&target)
                    }
                    None => Outcome::Unchanged,
                }
            }
            Key::Escape => Outcome::Close,
            Key::Backspace => self.press(Control::Retrace),
            Key::Left => self.shift_by(-self.side_step(panes), panes, layout),
            Key::Right => self.shift_by(self.side_step(panes), panes, layout),
            // F1 for a viewer used on its own; under the shell, F1 is the
            // shell's Help, which comes here as the Help command.
            Key::Function(1) => self.press(Control::Help),
            // The buttons' letters, as the Navigate menu shows them.
            Key::Char(c) => Control::of_letter(c).map_or(Outcome::Unchanged, |b| self.press(b)),
            _ => Outcome::Unchanged,
        }
    }

    /// Moves the focus to the next (or previous) link, round the node,
    /// and scrolls it into view. With no link chosen, it starts from the
    /// page in view: the first link in it or below it (the last in it or
    /// above it). A greyed link is a stop too: a reader without a mouse
    /// learns why it leads nowhere by Return, as a click tells it.
    fn tab(&mut self, forward: bool, panes: &Panes, layout: &Layout) -> Outcome {
        let usable: Vec<usize> = (0..layout.links.len()).collect();
        let at = self.focus.and_then(|f| usable.iter().position(|&k| k == f));
        // On the Mac, going round the page passes through the topic list.
        let round = match (at, forward) {
            (Some(i), true) => i + 1 == usable.len(),
            (Some(i), false) => i == 0,
            (None, _) => usable.is_empty(),
        };
        if round && panes.topics.is_some() && !self.list_focus {
            self.list_focus = true;
            self.focus = None;
            return Outcome::Redraw;
        }
        if usable.is_empty() {
            return Outcome::Unchanged;
        }
        let top = layout.lines.get(self.first(layout, panes)).map_or(0, |l| l.y);
        let rect = |k: usize| layout.links[k].rects.first().copied().unwrap_or_default();
        let next = match (at, forward) {
            (None, true) => usable.iter().position(|&k| rect(k).y >= top).unwrap_or(0),
            (None, false) => {
                usable.iter().rposition(|&k| rect(k).bottom() <= top + panes.text.h).unwrap_or(usable.len() - 1)
            }
            (Some(i), true) => (i + 1) % usable.len(),
            (Some(i), false) => (i + usable.len() - 1) % usable.len(),
        };
        let k = usable[next];
        self.focus = Some(k);
        // Into view: as the top line if it is above, else just at the bottom.
        let link = &layout.links[k];
        let first = self.first(layout, panes);
        let line_bottom = link.rects.first().map_or(0, |r| r.bottom());
        let top = layout.lines.get(first).map_or(0, |l| l.y);
        if link.line < first {
            self.here.scroll = Scroll::Line(link.line);
        } else if line_bottom > top + panes.text.h {
            let want = line_bottom - panes.text.h;
            let n = layout.lines.iter().position(|l| l.y >= want).unwrap_or(link.line).min(link.line);
            self.here.scroll = Scroll::Line(n);
        }
        Outcome::Redraw
    }

    fn scroll_by(&mut self, delta: isize, panes: &Panes, layout: &Layout) -> Outcome {
        let first = self.first(layout, panes);
        self.set_first(first.saturating_add_signed(delta), panes, layout)
    }

    /// Scrolls to `first`. A chosen link scrolled out of view is no
    /// longer chosen: Return never follows a link the reader cannot see,
    /// and the next Tab starts from the links in view.
    fn set_first(&mut self, first: usize, panes: &Panes, layout: &Layout) -> Outcome {
        let before = self.first(layout, panes);
        let first = first.min(layout.max_first_line(panes.text.h));
        self.here.scroll = Scroll::Line(first);
        if self.focus.is_some_and(|k| !self.in_view(k, panes, layout)) {
            self.focus = None;
        }
        if first == before { Outcome::Unchanged } else { Outcome::Redraw }
    }

    /// Scrolls sideways, within the widest line.
    fn shift_by(&mut self, delta: i32, panes: &Panes, layout: &Layout) -> Outcome {
        self.set_shift(self.shift + delta, panes, layout)
    }

    fn set_shift(&mut self, shift: i32, panes: &Panes, layout: &Layout) -> Outcome {
        let shift = shift.clamp(0, (layout.width - panes.text.w).max(0));
        let changed = shift != self.shift;
        self.shift = shift;
        if changed { Outcome::Redraw } else { Outcome::Unchanged }
    }

    fn side_knob(&self, panes: &Panes, layout: &Layout) -> Option<Rect> {
        let max = (layout.width - panes.text.w).max(0);
        panes.hbar?.knob(self.shift, max, panes.text.w, layout.width)
    }

    fn set_topic_first(&mut self, first: usize, panes: &Panes) -> Outcome {
        let first = first.min(self.topic_max(panes));
        let changed = first != self.topic_top(panes);
        self.topic_first = Some(TopicScroll { first, rows: Viewer::topic_rows(panes) });
        if changed { Outcome::Redraw } else { Outcome::Unchanged }
    }

    /// How many rows the topic list shows.
    fn topic_rows(panes: &Panes) -> usize {
        panes.topics.map_or(1, |(_, r, _)| (r.h / panes::MAC_ROW).max(1) as usize)
    }

    /// The largest first row of the topic list.
    fn topic_max(&self, panes: &Panes) -> usize {
        self.here.doc.nodes.len().saturating_sub(Viewer::topic_rows(panes))
    }

    /// Whether the keys go to the topic list (it wears the focus ring).
    pub(super) fn list_focused(&self) -> bool {
        self.list_focus
    }

    /// The first row of the topic list shown: where the reader scrolled
    /// it while it showed as many rows as now, else so that the current
    /// topic is in view (mid-list if it is not among the first rows).
    fn topic_top(&self, panes: &Panes) -> usize {
        let rows = Viewer::topic_rows(panes);
        let first = match self.topic_first {
            Some(scroll) if scroll.rows == rows => scroll.first,
            _ if self.here.node < rows => 0,
            _ => self.here.node - rows / 2,
        };
        first.min(self.topic_max(panes))
    }

    /// The scroll position in pixels, its largest value and the knob.
    fn knob(&self, panes: &Panes, layout: &Layout) -> Option<Rect> {
        let (pos, max) = text_scroll(layout, self.first(layout, panes), panes.text.h);
        panes.bar.knob(pos, max, panes.text.h, layout.height)
    }

    fn topic_knob(&self, panes: &Panes) -> Option<Rect> {
        let (_, rows, bar) = panes.topics?;
        let n = self.here.doc.nodes.len() as i32;
        let max = self.topic_max(panes) as i32;
        bar.knob(self.topic_top(panes) as i32, max, rows.h / panes::MAC_ROW, n)
    }

    fn mouse_down(&mut self, x: i32, y: i32, panes: &Panes, layout: &Layout) -> Outcome {
        self.pressed = None;
        if panes.close.is_some_and(|r| r.contains(x, y)) {
            self.pressed = Some(Press::Control(Control::Close));
            return Outcome::Redraw;
        }
        if let Some(&(c, _)) = panes.buttons.iter().find(|(_, r)| r.contains(x, y)) {
            if !self.can(c) {
                return Outcome::Unchanged;
            }
            self.pressed = Some(Press::Control(c));
            return Outcome::Redraw;
        }
        let first = self.first(layout, panes);
        let bar = panes.bar;
        if bar.whole.contains(x, y) {
            let knob = self.knob(panes, layout);
            return match knob {
                _ if bar.up.contains(x, y) => self.scroll_by(-1, panes, layout),
                _ if bar.down.contains(x, y) => self.scroll_by(1, panes, layout),
                Some(k) if k.contains(x, y) => {
                    self.pressed = Some(Press::Knob(y - k.y));
                    Outcome::Unchanged
                }
                Some(k) if y < k.y => self.set_first(page_up(layout, first, panes.text.h), panes, layout),
                Some(_) => self.set_first(page_down(layout, first, panes.text.h), panes, layout),
                None => Outcome::Unchanged,
            };
        }
        if let Some(h) = panes.hbar
            && h.whole.contains(x, y)
        {
            let step = self.side_step(panes);
            return match self.side_knob(panes, layout) {
                _ if h.up.contains(x, y) => self.shift_by(-step, panes, layout),
                _ if h.down.contains(x, y) => self.shift_by(step, panes, layout),
                Some(k) if k.contains(x, y) => {
                    self.pressed = Some(Press::SideKnob(x - k.x));
                    Outcome::Unchanged
                }
                Some(k) if x < k.x => self.shift_by(-panes.text.w, panes, layout),
                Some(k) if x >= k.right() => self.shift_by(panes.text.w, panes, layout),
                _ => Outcome::Unchanged,
            };
        }
        if let Some((_, rows, list_bar)) = panes.topics {
            if list_bar.whole.contains(x, y) {
                let page = (rows.h / panes::MAC_ROW).max(1) as usize;
                let knob = self.topic_knob(panes);
                let top = self.topic_top(panes);
                return match knob {
                    _ if list_bar.up.contains(x, y) => self.set_topic_first(top.saturating_sub(1), panes),
                    _ if list_bar.down.contains(x, y) => self.set_topic_first(top + 1, panes),
                    Some(k) if k.contains(x, y) => {
                        self.pressed = Some(Press::TopicKnob(y - k.y));
                        Outcome::Unchanged
                    }
                    Some(k) if y < k.y => self.set_topic_first(top.saturating_sub(page), panes),
                    Some(_) => self.set_topic_first(top + page, panes),
                    None => Outcome::Unchanged,
                };
            }
            if rows.contains(x, y) {
                let top = self.topic_top(panes);
                let row = top + ((y - rows.y) / panes::MAC_ROW) as usize;
                self.list_focus = true;
                if row < self.here.doc.nodes.len() && row != self.here.node {
                    self.status.clear();
                    self.go(self.here.doc.clone(), row, 0);
                    // The list stays where it is: the topic clicked is in view.
                    self.set_topic_first(top, panes);
                    return Outcome::Redraw;
                }
                return Outcome::Redraw;
            }
        }
        if panes.text.contains(x, y) {
            self.list_focus = false;
            let top = layout.lines.get(first).map_or(0, |l| l.y);
            if let Some(k) = layout.link_at(x - panes.text.x + self.shift, y - panes.text.y + top) {
                let target = &layout.links[k].target;
                if !self.leads_somewhere(target) {
                    // Say why nothing happens (and never run it).
                    let target = target.clone();
                    return self.follow(&target);
                }
                self.pressed = Some(Press::Link(k));
                self.focus = Some(k);
                return Outcome::Redraw;
            }
        }
        Outcome::Unchanged
    }

    fn drag(&mut self, x: i32, y: i32, panes: &Panes, layout: &Layout) -> Outcome {
        match self.pressed {
            Some(Press::SideKnob(grab)) => {
                let (Some(k), Some(bar)) = (self.side_knob(panes, layout), panes.hbar) else {
                    return Outcome::Unchanged;
                };
                let max = (layout.width - panes.text.w).max(0);
                self.set_shift(bar.pos_for(x - grab, k.w, max), panes, layout)
            }
            Some(Press::Knob(grab)) => {
                let Some(k) = self.knob(panes, layout) else { return Outcome::Unchanged };
                let (_, max) = text_scroll(layout, 0, panes.text.h);
                let pos = panes.bar.pos_for(y - grab, k.h, max);
                self.set_first(layout.line_at_or_below(pos + text_top(layout)), panes, layout)
            }
            Some(Press::TopicKnob(grab)) => {
                let (Some(k), Some((_, _, bar))) = (self.topic_knob(panes), panes.topics) else {
                    return Outcome::Unchanged;
                };
                let pos = bar.pos_for(y - grab, k.h, self.topic_max(panes) as i32);
                self.set_topic_first(pos.max(0) as usize, panes)
            }
            _ => Outcome::Unchanged,
        }
    }

    fn mouse_up(&mut self, x: i32, y: i32, panes: &Panes, layout: &Layout) -> Outcome {
        match self.pressed.take() {
            Some(Press::Control(c)) => {
                let rect = if c == Control::Close && panes.close.is_some() { panes.close } else { panes.button(c) };
                if rect.is_some_and(|r| r.contains(x, y)) { self.press(c) } else { Outcome::Redraw }
            }
            Some(Press::Link(k)) => {
                let first = self.first(layout, panes);
                let top = layout.lines.get(first).map_or(0, |l| l.y);
                let at = layout.link_at(x - panes.text.x + self.shift, y - panes.text.y + top);
                let still = panes.text.contains(x, y) && at == Some(k);
                match layout.links.get(k) {
                    Some(link) if still => {
                        let target = link.target.clone();
                        self.follow(&target)
                    }
                    _ => Outcome::Redraw,
                }
            }
            Some(Press::Knob(_) | Press::TopicKnob(_) | Press::SideKnob(_)) | None => Outcome::Unchanged,
        }
    }
}

/// A document ready to share between the history's places: one with no
/// nodes gets a page that says what is wrong with it, so there is always
/// something to show, and a broken file is never a blank page.
fn share(mut doc: Document) -> Arc<Document> {
    if doc.nodes.is_empty() {
        let page = problems_page(&doc);
        doc.nodes.push(page);
    }
    Arc::new(doc)
}

/// Gives a document opened from `from` the ways out it lacks that `from`
/// has: its Help page, and, for a page of its own (one node, whose
/// Contents would be itself), its Contents. Another game type's page
/// linked from a game's page leads to the same manual as the first did,
/// and every guide opened from Parlour's reaches the page on using help.
fn inherit_ways(doc: &mut Document, from: &Document) {
    if doc.help.is_none() {
        doc.help = from.help.as_ref().and_then(|t| carried(t, from));
    }
    if doc.contents.is_none() && doc.nodes.len() <= 1 {
        doc.contents = from.contents.as_ref().and_then(|t| carried(t, from));
    }
}

/// A target of `from` as another document reaches it: by its file's
/// path, as its own node names mean `from`'s nodes. A link `from` could
/// not follow (out of its folder, a command) is not carried.
fn carried(target: &Target, from: &Document) -> Option<Target> {
    match target {
        Target::File { .. } => Some(target.clone()),
        Target::Node { file: None, node, .. } => Some(Target::File { path: from.path.clone(), node: node.clone() }),
        Target::Node { file: Some(file), node, .. } => {
            let path = source::beside(&from.path, file).ok()?;
            Some(Target::File { path, node: node.clone() })
        }
        _ => None,
    }
}

/// The most problems the page of a document that cannot be shown lists:
/// a file of binary junk has one on every line.
const PROBLEMS_LISTED: usize = 20;

/// The page of a document that has none to show: each of its problems
/// with the file and line, errors first, laid out (and so wrapped) as any
/// page is, on every machine. The title bar has room for the first at most.
fn problems_page(doc: &Document) -> Node {
    let name = file_name(&doc.path);
    let mut blocks = vec![Block {
        spans: vec![plain(&format!("{name} has no page to show. What is wrong with it:"))],
        ..Block::paragraph(1)
    }];
    let mut problems: Vec<&Diagnostic> = doc.diagnostics.iter().collect();
    problems.sort_by_key(|d| (d.severity, d.line));
    for d in problems.iter().take(PROBLEMS_LISTED) {
        let kind = BlockKind::ListItem { depth: 1, marker: "•".into() };
        blocks.push(Block { kind, spans: vec![plain(&told(d))], ..Block::paragraph(d.line) });
    }
    if let Some(more) = problems.len().checked_sub(PROBLEMS_LISTED).filter(|&n| n > 0) {
        let all = format!("And {more} more: parlour lint {} lists them all.", shell_quoted(&name));
        blocks.push(Block { spans: vec![plain(&all)], ..Block::paragraph(1) });
    }
    Node { name: "MAIN".into(), title: doc.title.clone(), blocks, ..Node::default() }
}

/// A node by name; an empty name or MAIN means the first node.
fn find_node(doc: &Document, name: &str) -> Option<usize> {
    match name.trim() {
        "" => Some(0),
        name => doc.node_index(name).or_else(|| name.eq_ignore_ascii_case("main").then_some(0)),
    }
}

fn plain(text: &str) -> Span {
    Span::Text { text: text.to_string(), style: Style::default() }
}

/// A problem as the viewer tells it: `file:LINE: message`, the file by its
/// name alone (the reader knows which folder they opened it from).
fn told(d: &Diagnostic) -> String {
    format!("{}:{}: {}", file_name(&d.path), d.line, d.message)
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into())
}

/// The text's scroll position and its largest value, in pixels, from
/// the first line's top: a page that opens with a heading, set lower by
/// the space above it, is scrolled to the top when it shows its first
/// line, and its knob says so.
fn text_scroll(layout: &Layout, first: usize, view: i32) -> (i32, i32) {
    let y = |i: usize| layout.lines.get(i).map_or(0, |l| l.y) - text_top(layout);
    (y(first), y(layout.max_first_line(view)))
}

/// The top of the first line of the text, where its scrolling starts.
fn text_top(layout: &Layout) -> i32 {
    layout.lines.first().map_or(0, |l| l.y)
}

/// The first line after a page down: the last line wholly in view that
/// is not blank, kept as the new page's first for the reader to go on
/// from, as a Mac text view pages (at least one line on: a page of one
/// line moves on by one).
fn page_down(layout: &Layout, first: usize, view: i32) -> usize {
    let top = layout.lines.get(first).map_or(0, |l| l.y);
    let next = layout.lines.iter().position(|l| l.y + l.height > top + view).unwrap_or(layout.lines.len());
    let last_whole = next.saturating_sub(1);
    // A blank line kept would leave the reader nothing to go on from.
    let kept = (first + 1..=last_whole).rev().find(|&i| !layout.lines[i].is_blank()).unwrap_or(last_whole);
    kept.max(first + 1)
}

/// The first line after a page up: the old top line becomes the last
/// line wholly in view, kept the other way as a page down keeps it (at
/// least one line back).
fn page_up(layout: &Layout, first: usize, view: i32) -> usize {
    let Some(top) = layout.lines.get(first) else { return 0 };
    let bottom = top.y + top.height;
    let n = layout.lines.iter().position(|l| bottom - l.y <= view).unwrap_or(0);
    n.min(first.saturating_sub(1))
}

#[cfg(test)]
mod tests;
