//! Lays a node's blocks out into lines for a pane of a given width: word
//! wrap or clipping, indents, tab stops, columns lined up with spaces (in
//! a proportional font), alignment, headings, list markers, rules,
//! pictures, and a hit rectangle for every link.
//!
//! Pure: the caller says how wide text is through [`Measure`], so the same
//! layout serves every machine's fonts (and a fixed-width fake in tests).
//! Coordinates are pixels relative to the pane's top-left, before
//! scrolling.

use crate::gfx::Rect;
use crate::gfx::font::fitting_prefix;

use super::model::{Align, Block, BlockKind, Node, Span, Style, Target};

/// Tab stops fall every this many cells after a block's own stops (and
/// everywhere when it sets none), as in AmigaGuide.
pub const DEFAULT_TAB: i32 = 8;
/// A list item's text is indented this many cells per nesting level; its
/// marker hangs in that space.
pub const LIST_INDENT: i32 = 3;

/// A soft hyphen (`&shy;`): where a word may break, shown as a hyphen
/// at the end of the line it breaks, and not at all elsewhere.
const SOFT_HYPHEN: char = '\u{ad}';

/// A no-break space (`&nbsp;`): it joins words as one, but a run of them
/// too long for a line breaks at one before it breaks a word.
const NO_BREAK_SPACE: char = '\u{a0}';

/// A word as it is drawn: its soft hyphens left out.
fn shown(word: &str) -> String {
    word.replace(SOFT_HYPHEN, "")
}

/// What a piece of text is drawn in: its style and, inside a heading, the
/// heading's level (the measure picks a bigger or bolder font for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    pub style: Style,
    pub heading: Option<u8>,
}

impl Face {
    /// The face of text with `style` in a block of `kind`.
    pub fn of(style: Style, kind: &BlockKind) -> Face {
        let heading = match kind {
            BlockKind::Heading(level) => Some(*level),
            _ => None,
        };
        Face { style, heading }
    }
}

/// Space a style puts around a kind of block, in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Margins {
    pub above: i32,
    pub below: i32,
    /// Extra indent of the block's text (an HTML heading bar's padding).
    pub left: i32,
}

/// Font and picture sizes, as the viewer's machine style has them.
pub trait Measure {
    /// The advance of `text` in `face`.
    fn text_width(&self, text: &str, face: Face) -> i32;
    /// The height of a line of `face`.
    fn line_height(&self, face: Face) -> i32;
    /// Rows of `face` above its baseline.
    fn ascent(&self, face: Face) -> i32;
    /// The width of a character cell: the unit of indents and tab stops.
    fn cell(&self) -> i32;
    /// The size of a picture, if it can be shown.
    fn image_size(&self, path: &str) -> Option<(i32, i32)>;
    /// Space around blocks of `kind` (none by default: AmigaGuide spaces
    /// its text with blank lines of its own).
    fn margins(&self, _kind: &BlockKind) -> Margins {
        Margins::default()
    }
    /// Rows a line holding a link gets above its text, and twice that
    /// below: an AmigaGuide button's box stands a pixel outside its text,
    /// and would otherwise cut the descenders, and the row under the box
    /// keeps it off the next line's letters (or its box).
    fn link_pad(&self) -> i32 {
        0
    }
    /// Whether links are boxed buttons (AmigaGuide's), whose labels keep
    /// the spaces inside the box; elsewhere a link is underlined words,
    /// and spaces around them would stand as gaps in the sentence.
    fn links_boxed(&self) -> bool {
        false
    }
    /// Whether a run of two or more spaces moves on to the character
    /// column it reaches, as it does on a fixed-width screen: text set in
    /// a proportional font keeps the columns a guide lines up with spaces.
    fn spaces_keep_columns(&self) -> bool {
        false
    }
}

/// A laid-out node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    pub lines: Vec<Line>,
    /// Every link in document order (the order Tab visits them).
    pub links: Vec<LinkSpot>,
    /// The height of everything, margins included.
    pub height: i32,
    /// The right edge of the widest line (beyond the pane's width when
    /// lines that do not wrap run on).
    pub width: i32,
}

/// One line of the pane.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub y: i32,
    pub height: i32,
    /// Rows above the common baseline.
    pub ascent: i32,
    /// The index of the block the line belongs to.
    pub block: usize,
    pub items: Vec<Item>,
    /// Whether the line is a strip of a tall picture on a line above
    /// (see `Builder::push_line`): it holds nothing of its own.
    pub strip: bool,
}

impl Line {
    /// Whether the line shows nothing to read: an empty block's line, or
    /// spaces alone.
    pub fn is_blank(&self) -> bool {
        !self.strip
            && self
                .items
                .iter()
                .all(|i| matches!(&i.piece, Piece::Text { text, link: None, .. } if text.trim().is_empty()))
    }
}

/// Something placed on a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub x: i32,
    pub width: i32,
    pub piece: Piece,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// Text (spaces included), part of link `link` if it is one.
    Text { text: String, face: Face, link: Option<usize> },
    /// A list item's bullet or number.
    Marker { text: String, face: Face },
    /// A picture drawn with its top-left at the item's x and the line's top.
    Image { path: String, height: i32 },
    /// A horizontal rule across the item's width, in the middle of the line.
    Rule,
}

/// Where a link is and where it leads.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkSpot {
    pub target: Target,
    pub label: String,
    /// One rectangle per line the link occupies (usually one).
    pub rects: Vec<Rect>,
    /// The index of the first line it is on.
    pub line: usize,
}

impl Layout {
    /// The index of the link under (x, y), in layout coordinates.
    pub fn link_at(&self, x: i32, y: i32) -> Option<usize> {
        self.links.iter().position(|l| l.rects.iter().any(|r| r.contains(x, y)))
    }

    /// The first line that starts at or below `y` (the line to show first
    /// to put `y` at the top), or the last line.
    pub fn line_at_or_below(&self, y: i32) -> usize {
        self.lines.iter().position(|l| l.y >= y).unwrap_or(self.lines.len().saturating_sub(1))
    }

    /// The first line of the first block that starts on or after source
    /// line `source_line` of `node` (for links into the middle of a node).
    pub fn line_of_source(&self, node: &Node, source_line: usize) -> usize {
        let block = node.blocks.iter().position(|b| b.line >= source_line);
        block.and_then(|b| self.lines.iter().position(|l| l.block >= b)).unwrap_or(0)
    }

    /// The largest first line that still fills a pane `height` pixels tall
    /// (0 if everything fits).
    pub fn max_first_line(&self, height: i32) -> usize {
        self.lines.iter().position(|l| self.height - l.y <= height).unwrap_or(self.lines.len().saturating_sub(1))
    }
}

/// Lays out `node` for a pane `width` pixels wide.
pub fn layout(node: &Node, width: i32, measure: &dyn Measure) -> Layout {
    let mut out = Builder { measure, width, layout: Layout::default(), y: 0, below: 0, in_list: false };
    for (i, block) in node.blocks.iter().enumerate() {
        out.block(i, block);
    }
    out.layout.height = out.y + out.below;
    out.layout
}

/// A unit of line filling.
enum Atom {
    /// Text that is never broken (a word, or a whole button).
    Word {
        text: String,
        face: Face,
        link: Option<usize>,
    },
    /// A run of spaces: a place to break, dropped at the ends of wrapped lines.
    Space {
        text: String,
        face: Face,
        link: Option<usize>,
    },
    /// A run of spaces that lines up a column (see
    /// [`Measure::spaces_keep_columns`]): it ends at character `column`
    /// of its line where that is right of the text before it, and is a
    /// [`Atom::Space`] elsewhere.
    ColumnStop {
        text: String,
        face: Face,
        column: i32,
    },
    Tab,
    Break,
    Image {
        path: String,
        width: i32,
        height: i32,
    },
}

struct Builder<'m> {
    measure: &'m dyn Measure,
    width: i32,
    layout: Layout,
    /// The bottom of the last line.
    y: i32,
    /// The last block's space below, not yet added: it and the next
    /// block's space above collapse into the larger, as in CSS.
    below: i32,
    /// Whether the last block was a list item.
    in_list: bool,
}

/// A line being filled.
struct Open {
    items: Vec<Item>,
    /// For each item, whether it is blank space the line may lose at its
    /// ends: a run of spaces between words that shows nothing. A button's
    /// blank label and spaces with a background or an underline are content
    /// (a guide draws boards and bars with them).
    droppable: Vec<bool>,
    /// Where the next item goes.
    x: i32,
    /// The left edge of this line's text.
    left: i32,
    /// Whether it continues a wrapped line (leading spaces are dropped).
    continued: bool,
}

impl Open {
    fn new(left: i32, continued: bool) -> Open {
        Open { items: Vec::new(), droppable: Vec::new(), x: left, left, continued }
    }

    fn push(&mut self, item: Item, droppable: bool) {
        self.x = item.x + item.width;
        self.items.push(item);
        self.droppable.push(droppable);
    }

    /// Whether anything but droppable space is on it.
    fn has_content(&self) -> bool {
        self.droppable.iter().any(|d| !d)
    }
}

impl Builder<'_> {
    fn block(&mut self, index: usize, block: &Block) {
        let margins = self.measure.margins(&block.kind);
        // A list ends with the space a paragraph leaves below it, where its
        // items leave little between them.
        let is_item = matches!(block.kind, BlockKind::ListItem { .. });
        let list_end = if self.in_list && !is_item { self.measure.margins(&BlockKind::Paragraph).below } else { 0 };
        self.in_list = is_item;
        self.y += std::mem::take(&mut self.below).max(margins.above).max(list_end);
        let cell = self.measure.cell();
        let face = Face::of(Style::default(), &block.kind);
        if block.kind == BlockKind::Rule {
            let left = margins.left + i32::from(block.indent) * cell;
            let item = Item { x: left, width: (self.width - left).max(0), piece: Piece::Rule };
            self.push_line(index, vec![item], face);
            self.below = margins.below;
            return;
        }
        let list_depth = match &block.kind {
            BlockKind::ListItem { depth, .. } => i32::from(*depth),
            _ => 0,
        };
        let left = margins.left + (i32::from(block.indent) + LIST_INDENT * list_depth) * cell;
        let first_left = (left + i32::from(block.first_indent) * cell).max(0);
        let atoms = self.atoms(block, (self.width - left).max(cell), (first_left, left));
        let mut line = Open::new(first_left, false);
        if let BlockKind::ListItem { marker, .. } = &block.kind {
            // The marker hangs in the indent, a cell before the text.
            let w = self.measure.text_width(marker, face);
            let x = (first_left - w - cell).max(0);
            line.items.push(Item { x, width: w, piece: Piece::Marker { text: marker.clone(), face } });
            line.droppable.push(false);
        }
        // Words with no space between them (where the style changes inside
        // a word, "(@{b}parlour") wrap as one: the width from each word to
        // the end of those glued after it.
        let widths: Vec<i32> = atoms
            .iter()
            .map(|a| match a {
                Atom::Word { text, face, .. } => self.measure.text_width(&shown(text), *face),
                _ => 0,
            })
            .collect();
        let is_word: Vec<bool> = atoms.iter().map(|a| matches!(a, Atom::Word { .. })).collect();
        let mut glued = widths.clone();
        for i in (0..atoms.len().saturating_sub(1)).rev() {
            if is_word[i] && is_word[i + 1] {
                glued[i] += glued[i + 1];
            }
        }
        let mut group_fits = true;
        for (i, atom) in atoms.into_iter().enumerate() {
            match atom {
                Atom::Word { text, face, link } => {
                    let w = widths[i];
                    let continues = i > 0 && is_word[i - 1];
                    if !continues {
                        group_fits = glued[i] <= self.width - left;
                    }
                    // A group that fits a line moves to the next one whole;
                    // one wider than a line wraps word by word.
                    let wraps = match (continues, group_fits) {
                        (false, true) => line.x + glued[i] > self.width,
                        (true, true) => false,
                        (_, false) => line.x + w > self.width,
                    };
                    if block.wrap && wraps && line.has_content() {
                        line = self.wrap(index, block, line, face, left);
                    }
                    if block.wrap && line.x + w > self.width {
                        // A word wider than a whole line (a long path) is
                        // broken where each line ends, so none of it is
                        // past the edge of a page that does not scroll
                        // sideways.
                        line = self.break_word(index, block, line, (&text, face, link), left);
                        continue;
                    }
                    let text = shown(&text);
                    line.push(Item { x: line.x, width: w, piece: Piece::Text { text, face, link } }, false);
                }
                Atom::Space { text, face, link } => self.space(&mut line, text, face, link),
                Atom::ColumnStop { text, face, column } => {
                    // Only a line's own columns: after a wrap they mean nothing.
                    let stop = line.left + column * cell;
                    let room = !block.wrap || stop <= self.width;
                    if !line.continued && room && stop >= line.x + self.measure.text_width(" ", face) {
                        line.x = stop;
                    } else {
                        self.space(&mut line, text, face, None);
                    }
                }
                Atom::Tab => {
                    let stop = next_tab_stop(line.x, &block.tabs, cell);
                    if block.wrap && stop > self.width && line.has_content() {
                        line = self.wrap(index, block, line, face, left);
                    } else {
                        line.x = stop;
                    }
                }
                Atom::Break => {
                    self.finish(index, block, line, face);
                    line = Open::new(left, false);
                }
                Atom::Image { path, width, height } => {
                    if block.wrap && line.x + width > self.width && line.has_content() {
                        line = self.wrap(index, block, line, face, left);
                    }
                    line.push(Item { x: line.x, width, piece: Piece::Image { path, height } }, false);
                }
            }
        }
        self.finish(index, block, line, face);
        self.below = margins.below;
    }

    /// A run of spaces on `line`, unless it would lead a wrapped line.
    fn space(&self, line: &mut Open, text: String, face: Face, link: Option<usize>) {
        let droppable = !face.style.shows_spaces();
        if droppable && line.continued && !line.has_content() {
            return;
        }
        let w = self.measure.text_width(&text, face);
        line.push(Item { x: line.x, width: w, piece: Piece::Text { text, face, link } }, droppable);
    }

    /// Sets a word wider than the room on `line` a line at a time, each
    /// line taking as much of it as fits (see [`break_in_word`]); returns
    /// the line its end is on.
    fn break_word(
        &mut self,
        index: usize,
        block: &Block,
        mut line: Open,
        (text, face, link): (&str, Face, Option<usize>),
        left: i32,
    ) -> Open {
        let width = |t: &str| self.measure.text_width(t, face);
        let mut rest = text;
        loop {
            let room = self.width - line.x;
            let (piece, next) = match shown(rest) {
                whole if width(&whole) <= room => (whole, rest.len()),
                _ => break_in_word(&width, rest, room),
            };
            let w = width(&piece);
            line.push(Item { x: line.x, width: w, piece: Piece::Text { text: piece, face, link } }, false);
            rest = &rest[next..];
            if rest.is_empty() {
                return line;
            }
            line = self.wrap(index, block, line, face, left);
        }
    }

    /// Ends `line` and opens its continuation.
    fn wrap(&mut self, index: usize, block: &Block, line: Open, face: Face, left: i32) -> Open {
        self.finish(index, block, line, face);
        Open::new(left, true)
    }

    /// Splits a block's spans into atoms. A link stays whole (a guide's
    /// button is one box) unless it is wider than `room`, when it breaks
    /// at its spaces like text. `lefts` are where the first line and the
    /// lines after a break start, from which tabs count columns.
    fn atoms(&mut self, block: &Block, room: i32, lefts: (i32, i32)) -> Vec<Atom> {
        let mut atoms = Vec::new();
        let cell = self.measure.cell().max(1);
        let mut columns = Columns { keep: self.measure.spaces_keep_columns(), column: 0, left: lefts.0 };
        for span in &block.spans {
            match span {
                Span::Text { text, style } => {
                    let first = atoms.len();
                    split_words(text, Face::of(*style, &block.kind), None, &mut atoms);
                    columns.text(&mut atoms[first..]);
                }
                Span::Link { label, target, style } => {
                    let face = Face::of(*style, &block.kind);
                    let link = self.layout.links.len();
                    self.layout.links.push(LinkSpot {
                        target: target.clone(),
                        label: label.clone(),
                        rects: Vec::new(),
                        line: 0,
                    });
                    columns.column += label.chars().count() as i32;
                    let shown = match label.trim() {
                        trimmed if !self.measure.links_boxed() && !trimmed.is_empty() => trimmed,
                        _ => label.as_str(),
                    };
                    if self.measure.text_width(shown, face) > room {
                        split_words(shown, face, Some(link), &mut atoms);
                    } else {
                        atoms.push(Atom::Word { text: shown.to_string(), face, link: Some(link) });
                    }
                }
                Span::Tab => {
                    let x = columns.left + columns.column * cell;
                    columns.column = (next_tab_stop(x, &block.tabs, cell) - columns.left) / cell;
                    atoms.push(Atom::Tab);
                }
                Span::Break => {
                    columns = Columns { column: 0, left: lefts.1, ..columns };
                    atoms.push(Atom::Break);
                }
                Span::Image { path, alt } => match self.measure.image_size(path) {
                    Some((width, height)) => {
                        columns.column += (width + cell - 1) / cell;
                        atoms.push(Atom::Image { path: path.clone(), width, height });
                    }
                    // A picture that cannot be shown is replaced by its words.
                    None => {
                        let alt = if alt.is_empty() { path.as_str() } else { alt.as_str() };
                        let first = atoms.len();
                        split_words(&format!("[{alt}]"), Face::of(Style::default(), &block.kind), None, &mut atoms);
                        columns.text(&mut atoms[first..]);
                    }
                },
            }
        }
        atoms
    }

    /// Places a finished line: drops trailing spaces,
    /// merges neighbouring text of one face, aligns it and records link
    /// rectangles.
    fn finish(&mut self, index: usize, block: &Block, mut line: Open, face: Face) {
        while line.droppable.last() == Some(&true) {
            line.droppable.pop();
            line.items.pop();
        }
        let mut items = merge(line.items);
        let right = items.iter().map(|i| i.x + i.width).max().unwrap_or(line.left);
        let shift = match block.align {
            Align::Left => 0,
            Align::Center => (self.width - right).max(0) / 2,
            Align::Right => (self.width - right).max(0),
        };
        for item in &mut items {
            item.x += shift;
        }
        self.push_line(index, items, face);
    }

    fn push_line(&mut self, index: usize, items: Vec<Item>, block_face: Face) {
        let m = self.measure;
        let (mut ascent, mut descent) = (m.ascent(block_face), m.line_height(block_face) - m.ascent(block_face));
        if !items.is_empty() {
            (ascent, descent) = (0, 0);
        }
        for item in &items {
            let face = match &item.piece {
                Piece::Text { face, .. } | Piece::Marker { face, .. } => *face,
                Piece::Image { height, .. } => {
                    ascent = ascent.max(*height);
                    continue;
                }
                Piece::Rule => block_face,
            };
            ascent = ascent.max(m.ascent(face));
            descent = descent.max(m.line_height(face) - m.ascent(face));
        }
        if items.iter().any(|i| matches!(i.piece, Piece::Text { link: Some(_), .. })) {
            ascent += m.link_pad();
            descent += 2 * m.link_pad();
        }
        let height = ascent + descent;
        let right = items.iter().map(|i| i.x + i.width).max().unwrap_or(0);
        self.layout.width = self.layout.width.max(right);
        let line_index = self.layout.lines.len();
        for item in &items {
            if let Piece::Text { link: Some(k), .. } = item.piece {
                let spot = &mut self.layout.links[k];
                if spot.rects.is_empty() {
                    spot.line = line_index;
                }
                spot.rects.push(Rect::new(item.x, self.y, item.width, height));
            }
        }
        // A picture taller than two lines of text is scrolled through a
        // line at a time: its line is one line tall, and strips follow
        // it down the rest of the picture, so that a picture taller than
        // the pane can be seen to its foot.
        let step = m.line_height(block_face);
        let tall = items.iter().any(|i| matches!(i.piece, Piece::Image { .. })) && height > 2 * step;
        let first = if tall { step } else { height };
        self.layout.lines.push(Line { y: self.y, height: first, ascent, block: index, items, strip: false });
        let mut y = self.y + first;
        while y < self.y + height {
            let rows = step.min(self.y + height - y);
            self.layout.lines.push(Line { y, height: rows, ascent: 0, block: index, items: Vec::new(), strip: true });
            y += rows;
        }
        self.y += height;
    }
}

/// The character column a line's text reaches as it is split into atoms,
/// counted as a fixed-width screen counts it (every character one cell,
/// a tab to its stop), from the line's start at `left`.
#[derive(Clone, Copy)]
struct Columns {
    /// Whether runs of spaces become [`Atom::ColumnStop`]s.
    keep: bool,
    column: i32,
    left: i32,
}

impl Columns {
    /// Counts the columns of the words and spaces of a piece of text, and
    /// makes each run of two or more spaces that shows nothing (not fixed
    /// pitch, which is on the grid already) a column stop.
    fn text(&mut self, atoms: &mut [Atom]) {
        for atom in atoms {
            match atom {
                Atom::Word { text, .. } => self.column += text.chars().count() as i32,
                Atom::Space { text, face, .. } => {
                    let run = text.chars().count() as i32;
                    self.column += run;
                    if self.keep && run >= 2 && !face.style.code && !face.style.shows_spaces() {
                        let (text, face) = (std::mem::take(text), *face);
                        *atom = Atom::ColumnStop { text, face, column: self.column };
                    }
                }
                _ => {}
            }
        }
    }
}

/// Where a word wider than `room` breaks: at the last place whose part
/// before it fits (see [`break_at`]), unless that leaves only punctuation
/// for the next line; else after as many characters as fit (one at
/// least), a character fewer where the rest would be punctuation alone.
/// The part shown on the line, and where the rest of the word starts.
fn break_in_word(width: &dyn Fn(&str) -> i32, word: &str, room: i32) -> (String, usize) {
    let mut best = None;
    for (i, c) in word.char_indices().skip(1) {
        let Some((piece, next)) = break_at(word, i, c) else { continue };
        if width(&piece) > room {
            break;
        }
        if !is_punctuation(&word[next..]) {
            best = Some((piece, next));
        }
    }
    best.unwrap_or_else(|| {
        let mut end = fitting_prefix(&|t| width(&shown(t)), word, room);
        if is_punctuation(&word[end..]) {
            end = word[..end].char_indices().last().map_or(end, |(i, _)| i).max(first_char(word));
        }
        (shown(&word[..end]), end)
    })
}

/// A place the word may break at its character `c` (at byte `i`, after
/// the first): after a hyphen, a slash or a backslash, which ends the
/// line; at a soft hyphen, shown as a hyphen; at a no-break space, which
/// a line break takes the place of. The part shown before it and where
/// the rest starts.
fn break_at(word: &str, i: usize, c: char) -> Option<(String, usize)> {
    let after = i + c.len_utf8();
    match c {
        '-' | '/' | '\\' => Some((shown(&word[..after]), after)),
        SOFT_HYPHEN => Some((format!("{}-", shown(&word[..i])), after)),
        NO_BREAK_SPACE => Some((shown(&word[..i]), after)),
        _ => None,
    }
    .filter(|_| after < word.len())
}

/// Whether `rest` of a word is punctuation alone (`.`, `).`), which is
/// not left to start a line.
fn is_punctuation(rest: &str) -> bool {
    !rest.is_empty()
        && rest.chars().all(|c| c.is_ascii_punctuation() || matches!(c, '\u{2019}' | '\u{201d}' | '\u{2026}'))
}

/// The end of a word's first character: a line takes one at least.
fn first_char(word: &str) -> usize {
    word.chars().next().map_or(0, char::len_utf8)
}

/// Splits text into words and runs of spaces.
fn split_words(text: &str, face: Face, link: Option<usize>, atoms: &mut Vec<Atom>) {
    let mut rest = text;
    while !rest.is_empty() {
        let spaces = rest.len() - rest.trim_start_matches(' ').len();
        if spaces > 0 {
            atoms.push(Atom::Space { text: rest[..spaces].to_string(), face, link });
            rest = &rest[spaces..];
            continue;
        }
        let end = rest.find(' ').unwrap_or(rest.len());
        atoms.push(Atom::Word { text: rest[..end].to_string(), face, link });
        rest = &rest[end..];
    }
}

/// Joins touching text items of the same face and link, so a link is one
/// box per line and drawing makes fewer calls.
fn merge(items: Vec<Item>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    for item in items {
        if let Some(prev) = out.last_mut()
            && prev.x + prev.width == item.x
            && let (Piece::Text { text, face, link }, Piece::Text { text: more, face: f2, link: l2 }) =
                (&mut prev.piece, &item.piece)
            && face == f2
            && link == l2
        {
            text.push_str(more);
            prev.width += item.width;
            continue;
        }
        out.push(item);
    }
    out
}

/// The first tab stop right of `x`: the block's own stops (in cells), then
/// every [`DEFAULT_TAB`] cells.
fn next_tab_stop(x: i32, tabs: &[u16], cell: i32) -> i32 {
    let cell = cell.max(1);
    if let Some(stop) = tabs.iter().map(|&t| i32::from(t) * cell).find(|&s| s > x) {
        return stop;
    }
    let step = DEFAULT_TAB * cell;
    (x / step + 1) * step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::model::{Node, Target};

    /// Every character 8 px wide (bold one more), lines 10 px with an
    /// ascent of 8, headings 16 px; pictures 20 x 30; links boxed or not,
    /// and the same margins round every block but below a list item, which
    /// has none.
    struct Fixed {
        boxed: bool,
        margins: Margins,
    }

    /// Underlined links and no margins.
    const FIXED: Fixed = Fixed { boxed: false, margins: Margins { above: 0, below: 0, left: 0 } };
    /// AmigaGuide's boxed buttons.
    const BOXED: Fixed = Fixed { boxed: true, ..FIXED };

    impl Measure for Fixed {
        fn text_width(&self, text: &str, face: Face) -> i32 {
            text.chars().count() as i32 * (8 + face.style.bold as i32)
        }
        fn line_height(&self, face: Face) -> i32 {
            if face.heading.is_some() { 16 } else { 10 }
        }
        fn ascent(&self, face: Face) -> i32 {
            if face.heading.is_some() { 13 } else { 8 }
        }
        fn cell(&self) -> i32 {
            8
        }
        fn image_size(&self, path: &str) -> Option<(i32, i32)> {
            (path == "pic.bmp").then_some((20, 30))
        }
        fn margins(&self, kind: &BlockKind) -> Margins {
            match kind {
                BlockKind::ListItem { .. } => Margins { below: 0, ..self.margins },
                _ => self.margins,
            }
        }
        fn links_boxed(&self) -> bool {
            self.boxed
        }
    }

    fn text(t: &str) -> Span {
        Span::Text { text: t.into(), style: Style::default() }
    }

    fn link(label: &str, node: &str) -> Span {
        Span::Link { label: label.into(), target: Target::node(node), style: Style::default() }
    }

    fn para(spans: Vec<Span>) -> Block {
        Block { spans, ..Block::paragraph(1) }
    }

    fn node(blocks: Vec<Block>) -> Node {
        Node { name: "MAIN".into(), blocks, ..Node::default() }
    }

    /// Each line's text, with items separated by `|`.
    fn texts(l: &Layout) -> Vec<String> {
        l.lines
            .iter()
            .map(|line| {
                line.items
                    .iter()
                    .map(|i| match &i.piece {
                        Piece::Text { text, .. } | Piece::Marker { text, .. } => text.clone(),
                        Piece::Image { path, .. } => format!("<{path}>"),
                        Piece::Rule => "---".into(),
                    })
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect()
    }

    #[test]
    fn words_wrap_at_spaces_without_trailing_or_leading_spaces() {
        let n = node(vec![para(vec![text("aaa bbb  ccc dd")])]);
        let l = layout(&n, 7 * 8, &FIXED);
        assert_eq!(texts(&l), ["aaa bbb", "ccc dd"]);
        assert_eq!(l.lines[1].y, 10);
        assert_eq!(l.lines[1].items[0].x, 0);
        assert_eq!(l.height, 20);
    }

    #[test]
    fn a_word_whose_style_changes_inside_it_wraps_whole() {
        let bold = Style { bold: true, ..Style::default() };
        let n = node(vec![para(vec![text("aaa ("), Span::Text { text: "bbb".into(), style: bold }, text(") c")])]);
        let l = layout(&n, 8 * 8, &FIXED);
        assert_eq!(texts(&l), ["aaa", "(|bbb|) c"]);
        // Glued words wider than a line still break between their parts.
        let n = node(vec![para(vec![text("a (bbb"), Span::Text { text: "cccc".into(), style: bold }])]);
        let l = layout(&n, 8 * 8, &FIXED);
        assert_eq!(texts(&l), ["a (bbb", "cccc"]);
    }

    #[test]
    fn a_word_wider_than_a_wrapped_line_breaks_where_each_line_ends() {
        let n = node(vec![para(vec![text("go abcdefghijklm end")])]);
        let l = layout(&n, 5 * 8, &FIXED);
        assert_eq!(texts(&l), ["go", "abcde", "fghij", "klm", "end"]);
        assert_eq!(l.width, 5 * 8, "nothing past the edge");
    }

    /// A soft hyphen shows nothing where the line does not break at it,
    /// and a hyphen ending the line where it does.
    #[test]
    fn a_soft_hyphen_shows_only_where_the_line_breaks_at_it() {
        let n = node(vec![para(vec![text("an ex\u{ad}am\u{ad}ple.")])]);
        assert_eq!(texts(&layout(&n, 20 * 8, &FIXED)), ["an example."]);
        let n = node(vec![para(vec![text("soft\u{ad}hyphen\u{ad}ated\u{ad}word")])]);
        assert_eq!(texts(&layout(&n, 12 * 8, &FIXED)), ["softhyphen-", "atedword"]);
    }

    /// A word too long for a line breaks after the last hyphen, slash or
    /// backslash that fits, which ends the line, and a run joined by
    /// no-break spaces at the last of them that fits; letters are cut
    /// only where none fits, and never so as to leave punctuation alone
    /// at the start of a line.
    #[test]
    fn a_long_word_breaks_after_a_hyphen_or_slash_before_cutting_letters() {
        let path = "C:\\Program\\Files\\My-Golf-with-a-long-name\\game.html";
        let n = node(vec![para(vec![text(path)])]);
        assert_eq!(
            texts(&layout(&n, 20 * 8, &FIXED)),
            ["C:\\Program\\Files\\My-", "Golf-with-a-long-", "name\\game.html"]
        );
        let n = node(vec![para(vec![text("far\u{a0}too\u{a0}long\u{a0}to\u{a0}fit.")])]);
        assert_eq!(texts(&layout(&n, 10 * 8, &FIXED)), ["far\u{a0}too", "long\u{a0}to", "fit."]);
        let n = node(vec![para(vec![text("abcdefghij.")])]);
        assert_eq!(texts(&layout(&n, 10 * 8, &FIXED)), ["abcdefghi", "j."]);
    }

    #[test]
    fn unwrapped_blocks_run_on_and_keep_leading_spaces() {
        let mut b = para(vec![text("  aaa bbb ccc")]);
        b.wrap = false;
        let l = layout(&node(vec![b]), 5 * 8, &FIXED);
        assert_eq!(texts(&l), ["  aaa bbb ccc"]);
        assert_eq!(l.lines[0].items[0].width, 13 * 8);
        assert_eq!(l.width, 13 * 8);
    }

    #[test]
    fn a_break_starts_a_new_line_and_empty_blocks_are_blank_lines() {
        let n = node(vec![para(vec![text("one"), Span::Break, text("two")]), para(vec![]), para(vec![text("x")])]);
        let l = layout(&n, 800, &FIXED);
        assert_eq!(texts(&l), ["one", "two", "", "x"]);
        assert_eq!(l.lines[3].y, 30);
    }

    #[test]
    fn tabs_go_to_the_default_stops_or_the_blocks_own() {
        let l = layout(&node(vec![para(vec![text("a"), Span::Tab, text("b"), Span::Tab, text("c")])]), 800, &FIXED);
        let xs: Vec<i32> = l.lines[0].items.iter().map(|i| i.x).collect();
        assert_eq!(xs, [0, 64, 128]);
        let mut b = para(vec![text("a"), Span::Tab, text("b"), Span::Tab, text("c"), Span::Tab, text("d")]);
        b.tabs = vec![4, 10];
        let l = layout(&node(vec![b]), 800, &FIXED);
        let xs: Vec<i32> = l.lines[0].items.iter().map(|i| i.x).collect();
        // After the block's last stop (cell 10) the default grid goes on.
        assert_eq!(xs, [0, 32, 80, 128]);
    }

    #[test]
    fn a_tab_past_the_edge_of_a_wrapped_block_breaks_the_line() {
        let l = layout(&node(vec![para(vec![text("abcdefgh"), Span::Tab, text("x")])]), 10 * 8, &FIXED);
        assert_eq!(texts(&l), ["abcdefgh", "x"]);
    }

    #[test]
    fn lines_align_left_centre_and_right() {
        let mut blocks = Vec::new();
        for align in [Align::Left, Align::Center, Align::Right] {
            blocks.push(Block { align, ..para(vec![text("ab ")]) });
        }
        let l = layout(&node(blocks), 80, &FIXED);
        let xs: Vec<i32> = l.lines.iter().map(|line| line.items[0].x).collect();
        assert_eq!(xs, [0, 32, 64]);
    }

    #[test]
    fn indents_count_in_cells_and_the_first_line_may_hang() {
        let b = Block { indent: 2, first_indent: -2, ..para(vec![text("aa bb cc")]) };
        let l = layout(&node(vec![b]), 6 * 8, &FIXED);
        assert_eq!(texts(&l), ["aa bb", "cc"]);
        assert_eq!(l.lines[0].items[0].x, 0);
        assert_eq!(l.lines[1].items[0].x, 16);
    }

    #[test]
    fn links_get_hit_rectangles_in_document_order() {
        let n = node(vec![
            para(vec![text("see "), link("Two", "two"), text(" or "), link("Three", "three")]),
            para(vec![link("Four", "four")]),
        ]);
        let l = layout(&n, 11 * 8, &FIXED);
        assert_eq!(texts(&l), ["see |Two| or", "Three", "Four"]);
        let rects: Vec<Vec<Rect>> = l.links.iter().map(|k| k.rects.clone()).collect();
        assert_eq!(
            rects,
            [vec![Rect::new(32, 0, 24, 10)], vec![Rect::new(0, 10, 40, 10)], vec![Rect::new(0, 20, 32, 10)]]
        );
        let targets: Vec<&Target> = l.links.iter().map(|k| &k.target).collect();
        assert_eq!(targets, [&Target::node("two"), &Target::node("three"), &Target::node("four")]);
        assert_eq!(l.links.iter().map(|k| k.line).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(l.link_at(40, 5), Some(0));
        assert_eq!(l.link_at(5, 25), Some(2));
        assert_eq!(l.link_at(70, 5), None);
    }

    #[test]
    fn a_button_stays_whole_but_a_link_wider_than_the_pane_wraps() {
        let n = node(vec![para(vec![text("go "), link(" A  B ", "x")])]);
        let l = layout(&n, 6 * 8, &BOXED);
        assert_eq!(texts(&l), ["go", " A  B "]);
        let n = node(vec![para(vec![link("one two three", "x")])]);
        let l = layout(&n, 8 * 8, &FIXED);
        assert_eq!(texts(&l), ["one two", "three"]);
        assert_eq!(l.links[0].rects.len(), 2);
    }

    /// A link drawn as underlined words loses the spaces that pad a
    /// button's label: "see  Rules ." would show gaps in the sentence.
    #[test]
    fn an_unboxed_link_is_its_words_without_the_padding() {
        let n = node(vec![para(vec![text("see "), link(" Rules ", "x"), text(".")])]);
        let l = layout(&n, 40 * 8, &FIXED);
        assert_eq!(texts(&l), ["see |Rules|."]);
        assert_eq!(l.links[0].rects[0].w, 5 * 8, "the link covers its word only");
        let l = layout(&n, 40 * 8, &BOXED);
        assert_eq!(texts(&l), ["see | Rules |."]);
    }

    #[test]
    fn headings_are_taller_and_bold_text_wider() {
        let bold = Style { bold: true, ..Style::default() };
        let n = node(vec![
            Block { kind: BlockKind::Heading(1), ..para(vec![text("Title")]) },
            para(vec![Span::Text { text: "ab".into(), style: bold }, text("c")]),
        ]);
        let l = layout(&n, 800, &FIXED);
        assert_eq!((l.lines[0].height, l.lines[1].y), (16, 16));
        assert_eq!(l.lines[1].items[1].x, 18);
    }

    #[test]
    fn list_items_hang_their_markers_and_rules_cross_the_pane() {
        let item = Block { kind: BlockKind::ListItem { depth: 1, marker: "*".into() }, ..para(vec![text("aa bb")]) };
        let rule = Block { kind: BlockKind::Rule, ..para(vec![]) };
        let l = layout(&node(vec![item, rule]), 6 * 8, &FIXED);
        assert_eq!(texts(&l), ["*|aa", "bb", "---"]);
        assert_eq!(l.lines[0].items[0].x, 24 - 8 - 8);
        assert_eq!(l.lines[0].items[1].x, 24);
        assert_eq!(l.lines[1].items[0].x, 24);
        assert_eq!((l.lines[2].items[0].x, l.lines[2].items[0].width), (0, 48));
    }

    #[test]
    fn pictures_reserve_their_size_and_missing_ones_show_their_words() {
        let img = |p: &str| Span::Image { path: p.into(), alt: "the deal".into() };
        let l = layout(&node(vec![para(vec![img("pic.bmp")]), para(vec![img("gone.bmp")])]), 800, &FIXED);
        // A picture three lines tall takes one line and two strips below
        // it, to be scrolled through a line at a time.
        assert_eq!(texts(&l), ["<pic.bmp>", "", "", "[the deal]"]);
        let rows: Vec<(i32, i32, bool)> = l.lines.iter().map(|line| (line.y, line.height, line.strip)).collect();
        assert_eq!(rows[..3], [(0, 10, false), (10, 10, true), (20, 10, true)]);
        assert_eq!((rows[3].0, l.lines[0].items[0].width), (30, 20));
    }

    #[test]
    fn scrolling_limits_and_source_lines() {
        let blocks: Vec<Block> = (0..10).map(|i| Block { line: 10 + i, ..para(vec![text("x")]) }).collect();
        let n = node(blocks);
        let l = layout(&n, 80, &FIXED);
        assert_eq!(l.max_first_line(35), 7);
        assert_eq!(l.max_first_line(500), 0);
        assert_eq!(l.line_of_source(&n, 14), 4);
        assert_eq!(l.line_at_or_below(31), 4);
    }

    #[test]
    fn margins_space_blocks_apart() {
        let spaced = Fixed { margins: Margins { above: 2, below: 4, left: 6 }, ..FIXED };
        let l = layout(&node(vec![para(vec![text("a")]), para(vec![text("b")])]), 80, &spaced);
        // The space between blocks is the larger of the two, not the sum.
        assert_eq!((l.lines[0].y, l.lines[1].y, l.height), (2, 2 + 10 + 4, 30));
        assert_eq!(l.lines[1].items[0].x, 6);
    }

    #[test]
    fn a_list_ends_with_a_paragraphs_space_below_it() {
        let spaced = Fixed { margins: Margins { above: 2, below: 4, left: 0 }, ..FIXED };
        let item = Block { kind: BlockKind::ListItem { depth: 1, marker: "*".into() }, ..para(vec![text("a")]) };
        let l = layout(&node(vec![item.clone(), item, para(vec![text("b")])]), 80, &spaced);
        let ys: Vec<i32> = l.lines.iter().map(|line| line.y).collect();
        // Between the items the larger of none below and 2 above; after
        // the list a paragraph's 4.
        assert_eq!(ys, [2, 2 + 10 + 2, 2 + 10 + 2 + 10 + 4]);
    }

    /// A proportional font's letters: narrower than the 8-pixel cell
    /// ("W" wider), spaces too; runs of spaces keep their columns.
    struct Narrow;

    impl Measure for Narrow {
        fn text_width(&self, text: &str, face: Face) -> i32 {
            text.chars().map(|c| if c == 'W' { 12 } else { 5 }).sum::<i32>() + FIXED.text_width("", face)
        }
        fn line_height(&self, face: Face) -> i32 {
            FIXED.line_height(face)
        }
        fn ascent(&self, face: Face) -> i32 {
            FIXED.ascent(face)
        }
        fn cell(&self) -> i32 {
            8
        }
        fn image_size(&self, path: &str) -> Option<(i32, i32)> {
            FIXED.image_size(path)
        }
        fn spaces_keep_columns(&self) -> bool {
            true
        }
    }

    /// The x of each item of each line.
    fn xs(l: &Layout) -> Vec<Vec<i32>> {
        l.lines.iter().map(|line| line.items.iter().map(|i| i.x).collect()).collect()
    }

    /// In a proportional font a run of two or more spaces ends at the
    /// column it reaches on a character grid, counted from the line's
    /// start (a tab to its stop, a link by its whole label); a single
    /// space, fixed-pitch text, a run the text before has already passed
    /// and a line continued by wrapping keep spaces as they are.
    #[test]
    fn runs_of_spaces_keep_their_columns_in_a_proportional_font() {
        let code = Style { code: true, ..Style::default() };
        let n = node(vec![
            para(vec![text("ab  cd e")]),
            para(vec![text("abc"), Span::Tab, text("d  e")]),
            para(vec![link(" L ", "x"), text("  f"), Span::Break, text("g  h")]),
            para(vec![text("WWWW  x")]),
            para(vec![Span::Text { text: "ab  cd".into(), style: code }]),
        ]);
        let l = layout(&n, 800, &Narrow);
        assert_eq!(xs(&l), [vec![0, 4 * 8], vec![0, 8 * 8, 11 * 8], vec![0, 5 * 8], vec![0, 3 * 8], vec![0], vec![0],]);
        // Wrapped on: "cc  dd" starts a continued line, where columns
        // mean nothing.
        let l = layout(&node(vec![para(vec![text("aaaa bb cc  dd")])]), 9 * 5, &Narrow);
        assert_eq!(texts(&l), ["aaaa bb", "cc  dd"]);
        assert_eq!(l.lines[1].items.iter().map(|i| i.width).sum::<i32>(), 6 * 5);
    }
}
