//! YaZZle's help pages: the small subset of HTML that game.html and the
//! Help menu pages use, read into the document model.
//!
//! A page becomes one [`Node`] named `main`, titled by its `<title>`: YaZZle
//! shows a help page as one scrolling page with its headings inside it, so
//! the viewer draws it that way too, and the ten sections of a game type's
//! help stay in order as heading blocks.
//!
//! Links: `#name` leads to the element with that `id` (or `<a name>`) in
//! the page, as [`Target::Node`] `main` at the element's line; another page
//! in the same folder tree (`playing.html`) is `Target::Node { file, node:
//! "main" }`, opened at its top (a fragment after another page's name is
//! not kept: the model has no anchors for a page not yet read, and YaZZle's
//! pages never link into another page's middle); one to a file there that
//! is no help file (a picture, notes.txt) is a dead link, greyed, with a
//! warning on its line. `http:`, `https:`,
//! `mailto:` and other schemes are [`Target::Url`], as is a path leading
//! out of the page's folder (with a warning): the viewer greys both and
//! never follows them. Three ways out are followed: a page of a built help
//! to the others across its folders, a game type's page to another's
//! beside it (`../Double Klondike/game.html`), and a page in a folder of a
//! game type's to the rest of the game type (`../game.html`): see
//! [`source::reach`]. Pictures (`<img src alt>`) must lie inside the
//! page's folder tree, or so inside its game type's; any other is
//! replaced by its alt text, with a warning.
//!
//! Pages are split into tokens by `core::html`, whose tokenizer
//! `parlour lint` shares.

use std::path::{Path, PathBuf};

use super::model::{Align, Block, BlockKind, DeadLink, Document, Node, Span, Style, Target};
use super::source;
use crate::core::html::{
    ClosedByEnd, MAX_DEPTH, Tag, Token, VOID, closed_by_end, decode_entities, has_scheme, heading_closed_by,
    never_followed_told, newlines, no_such_link, no_such_picture, split_href, tokenize,
};
use crate::core::{Diagnostic, decode_windows, files, printable};

/// The index of game types that the help's menu.html links to: YaZZle
/// (and `parlour help --html`) builds it from the game types, so a link to
/// it needs no file.
pub const GAME_TYPES_INDEX: &str = "gametypes.html";

/// The name of the single node of a page.
pub const MAIN: &str = "main";

/// Reads an HTML help page.
pub fn read(path: &Path, bytes: &[u8]) -> Document {
    let mut b = Builder::new(path);
    // A page that is not UTF-8 is Windows-1252, the encoding YaZZle's
    // pages were written in on Windows: read so without a word, unless
    // it is UTF-8 but for a character or two.
    let text = b.printable(&decode_windows(bytes));
    if let Some((line, message)) = crate::core::mixed_encodings(bytes, "Windows-1252", crate::core::cp1252) {
        b.warn(line, message);
    }
    let mut warnings = Vec::new();
    let tokens = tokenize(&text, &mut |line, m| warnings.push((line, m)));
    for (line, m) in warnings {
        b.warn(line, m);
    }
    for token in tokens {
        if let Token::Tag(tag) = &token
            && let Some(told) = run_into(tag)
        {
            b.warn(tag.line, told);
        }
        if let Token::Tag(tag) = &token
            && !tag.end
            && let Some(told) = never_followed_told(tag)
        {
            b.warn(tag.line, told);
        }
        match token {
            Token::Text { at, line } => b.text(&text[at], line),
            Token::Tag(tag) if tag.end => b.end(&tag),
            Token::Tag(tag) => b.start(&tag),
        }
    }
    b.finish()
}

/// What to say of the link `href` that leads out of the page's folder
/// (`how`, where a link to elsewhere takes it there).
fn leads_out(href: &str, how: &str) -> String {
    format!("the link `{href}` leads out of the page's folder{how}; help shows it greyed and never follows it")
}

/// What to say of a tag whose `>` is missing (`</h2` at a line's end),
/// read on, as browsers read it, to the next tag's `>`: that tag comes
/// in as a stray attribute starting `<`, and is lost. Told on the line of
/// the tag left open, where the slip is, not where its loss shows.
fn run_into(tag: &Tag) -> Option<String> {
    let next = tag.attrs.iter().find_map(|a| a.name.strip_prefix('<'))?;
    let slash = if tag.end { "/" } else { "" };
    let next = next.trim_start_matches('/');
    Some(format!("<{slash}{} lacks its closing `>`: it runs on into the next tag, <{next}>, which is lost", tag.name))
}

// ---------------------------------------------------------------------------
// Building the document

/// Elements whose end tag may be left out: closing them implicitly is
/// normal, not worth a warning.
const OPTIONAL_END: [&str; 13] =
    ["html", "head", "body", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot"];

/// Start tags that end an open paragraph (and [`BLOCKS`]).
const ENDS_PARAGRAPH: [&str; 12] = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "hr", "table"];

/// Elements that only make their text a block of its own, as a browser
/// draws them: what comes before and after starts on a line of its own,
/// as it does for a paragraph, never run into their words.
const BLOCKS: [&str; 16] = [
    "div",
    "center",
    "dl",
    "dt",
    "dd",
    "blockquote",
    "section",
    "article",
    "header",
    "footer",
    "address",
    "figure",
    "figcaption",
    "nav",
    "aside",
    "main",
];

/// Of [`BLOCKS`], those whose text is indented, as a browser indents it,
/// by as much as a list's.
const INDENTED: [&str; 2] = ["dd", "blockquote"];

/// Table markup, which YaZZle's help does not draw as a grid: each row is
/// shown as a line of its own, its cells at tab stops set by the widest
/// cell of each column.
const TABLE: [&str; 8] = ["table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"];

/// Elements that only group or restyle text; the viewer has nothing more
/// to do with them than keep their text.
const TRANSPARENT: [&str; 26] = [
    "html", "head", "body", "title", "style", "script", "meta", "link", "base", "wbr", "span", "font", "small", "big",
    "sup", "sub", "abbr", "acronym", "dfn", "b", "strong", "i", "em", "u", "cite", "var",
];

/// Elements drawn in fixed-pitch text.
const CODE: [&str; 5] = ["code", "tt", "kbd", "samp", "pre"];

/// Whether the help knows the element `name`: it draws it, or keeps its
/// text as it would any text. Of any other it warns that it is not part
/// of the help's HTML, and shows its text as is.
pub(crate) fn is_known(name: &str) -> bool {
    [&VOID[..], &TRANSPARENT, &CODE, &TABLE, &BLOCKS, &ENDS_PARAGRAPH].iter().any(|names| names.contains(&name))
        || matches!(name, "li" | "a")
}

/// Where the start tag `<name>` ends elements left open, as the help (and
/// a browser) reads a page: a paragraph ends at a block, an item at the
/// next item of its list, a cell at the next cell of its row, a link at
/// the next link. `open` names the open elements, outermost first; the
/// answer is the place in it from which each is closed (no warning is
/// due for those whose end tag may be left out).
pub(crate) fn closed_by_start<S: AsRef<str>>(open: &[S], name: &str) -> Option<usize> {
    let last = |this: &dyn Fn(&str) -> bool| open.iter().rposition(|o| this(o.as_ref()));
    // Unless the part is of a list (or table) opened inside the one open.
    let unless_inside =
        |pos: usize, lists: &[&str]| (!open[pos..].iter().any(|o| lists.contains(&o.as_ref()))).then_some(pos);
    let is_term_part = |n: &str| n == "dt" || n == "dd";
    let is_cell = |n: &str| n == "td" || n == "th";
    let paragraph = (ENDS_PARAGRAPH.contains(&name) || BLOCKS.contains(&name)).then(|| last(&|o| o == "p"));
    let item = (name == "li").then(|| last(&|o| o == "li").and_then(|pos| unless_inside(pos, &["ul", "ol"])));
    let term = is_term_part(name).then(|| last(&is_term_part).and_then(|pos| unless_inside(pos, &["dl"])));
    let cell = is_cell(name).then(|| last(&is_cell).and_then(|pos| unless_inside(pos, &["table"])));
    let row = (name == "tr").then(|| last(&|o| o == "tr").and_then(|pos| unless_inside(pos, &["table"])));
    let link = (name == "a").then(|| last(&|o| o == "a"));
    [paragraph, item, term, cell, row, link].into_iter().flatten().flatten().min()
}

/// An open element, with what it and the elements around it make of the
/// text inside, worked out once when it opens: reading a word never walks
/// the stack.
struct Open {
    name: String,
    line: usize,
    /// The style of text inside it.
    style: Style,
    /// The alignment of blocks inside it: its `align` attribute (or
    /// `<center>`), else its parent's.
    align: Align,
    /// Whether it is, or is inside, `<title>`, `<head>`, `<pre>`.
    in_title: bool,
    in_head: bool,
    in_pre: bool,
}

impl AsRef<str> for Open {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

impl Open {
    /// `name` opened inside `parent`, with its own alignment if it has one.
    fn new(name: &str, line: usize, own_align: Option<Align>, parent: Option<&Open>) -> Open {
        let mut style = parent.map_or_else(Style::default, |p| p.style);
        match name {
            "b" | "strong" => style.bold = true,
            "i" | "em" | "cite" | "var" | "dfn" => style.italic = true,
            "u" => style.underline = true,
            n if CODE.contains(&n) => style.code = true,
            _ => {}
        }
        let inherited = |own: bool, of_parent: fn(&Open) -> bool| own || parent.is_some_and(of_parent);
        Open {
            name: name.to_string(),
            line,
            style,
            align: own_align.or(parent.map(|p| p.align)).unwrap_or_default(),
            in_title: inherited(name == "title", |p| p.in_title),
            in_head: inherited(name == "head", |p| p.in_head),
            in_pre: inherited(name == "pre", |p| p.in_pre),
        }
    }
}

/// The link being read: its target, its `href` as written (its label
/// if it has no text), and whether any of its label has been seen.
struct OpenLink {
    target: Target,
    href: String,
    /// The index in the block's spans from which spans are its pieces.
    first_span: usize,
    labelled: bool,
}

struct Builder {
    path: PathBuf,
    /// The page's own file name, so `thispage.html#x` is a link in the page.
    file_name: String,
    diagnostics: Vec<Diagnostic>,
    /// Links to files of the folder the viewer cannot show.
    dead_links: Vec<DeadLink>,
    /// The pictures shown, with the lines of their <img> tags.
    pictures: Vec<(usize, String)>,
    stack: Vec<Open>,
    /// The open lists: ordered or not, and the next item's number.
    lists: Vec<(bool, i64)>,
    blocks: Vec<Block>,
    current: Option<Block>,
    /// White space was collapsed: a space is due before the next word, in
    /// the style it was written in, and in the link's label if it was
    /// inside a link.
    space: Option<(Style, bool)>,
    /// Just after `<pre>`: its first line break is not content.
    pre_start: bool,
    link: Option<OpenLink>,
    title: String,
    body_line: Option<usize>,
    /// `id` and `<a name>` values with their lines.
    anchors: Vec<(String, usize)>,
    /// `#name` links with their lines, checked against the anchors at the end.
    fragment_links: Vec<(String, usize)>,
    /// Unknown elements already reported (once each).
    unknown: Vec<String>,
    /// The start tags left out for nesting deeper than [`MAX_DEPTH`], the
    /// innermost last: their end tags close them here.
    too_deep: Vec<String>,
    /// The open tables' first blocks (where their rows begin in `blocks`).
    tables: Vec<usize>,
    /// Cells opened so far in the row being read.
    cells_in_row: usize,
}

impl Builder {
    fn new(path: &Path) -> Builder {
        Builder {
            path: path.to_path_buf(),
            file_name: crate::core::files::file_name(path),
            diagnostics: Vec::new(),
            dead_links: Vec::new(),
            pictures: Vec::new(),
            stack: Vec::new(),
            lists: Vec::new(),
            blocks: Vec::new(),
            current: None,
            space: None,
            pre_start: false,
            link: None,
            title: String::new(),
            body_line: None,
            anchors: Vec::new(),
            fragment_links: Vec::new(),
            unknown: Vec::new(),
            too_deep: Vec::new(),
            tables: Vec::new(),
            cells_in_row: 0,
        }
    }

    /// The page without control characters, each line that had one
    /// warned of (see [`printable`]), its lines ending in LF whatever
    /// ended them (a classic Mac's lone CR too).
    fn printable(&mut self, text: &str) -> String {
        let text = crate::core::lf_line_ends(text);
        let mut kept = Vec::new();
        for (i, raw) in text.split('\n').enumerate() {
            let (line, warning) = printable(raw);
            if let Some(warning) = warning {
                self.warn(i + 1, warning);
            }
            kept.push(line);
        }
        kept.join("\n")
    }

    fn warn(&mut self, line: usize, message: impl Into<String>) {
        let d = Diagnostic::warning(&self.path, line, message);
        self.diagnostics.push(d);
    }

    fn style(&self) -> Style {
        self.stack.last().map_or_else(Style::default, |o| o.style)
    }

    fn align(&self) -> Align {
        self.stack.last().map_or_else(Align::default, |o| o.align)
    }

    /// Whether the text being read is inside an element `which` says.
    fn inside(&self, which: fn(&Open) -> bool) -> bool {
        self.stack.last().is_some_and(which)
    }

    // --- text

    fn text(&mut self, raw: &str, line: usize) {
        let mut warnings = Vec::new();
        let text = decode_entities(raw, line, &mut |l, m| warnings.push((l, m)));
        for (l, m) in warnings {
            self.warn(l, m);
        }
        if self.inside(|o| o.in_title) {
            self.title.push_str(&text);
        } else if self.inside(|o| o.in_head) {
            // Nothing in the head but the title is shown.
        } else if self.inside(|o| o.in_pre) {
            self.pre_text(&text, line);
        } else {
            self.flow_text(&text, line);
        }
    }

    /// Text outside `<pre>`: runs of white space are one space, and none
    /// is kept at the start or end of a block. A no-break space is not
    /// white space here, as in a browser.
    fn flow_text(&mut self, text: &str, line: usize) {
        if text.starts_with(|c: char| c.is_ascii_whitespace()) {
            self.collapse_space();
        }
        let first_line =
            line + newlines(&text[..text.len() - text.trim_start_matches(|c: char| c.is_ascii_whitespace()).len()]);
        for (k, word) in text.split_ascii_whitespace().enumerate() {
            if k > 0 {
                self.collapse_space();
            }
            self.word(word, first_line);
        }
        if text.ends_with(|c: char| c.is_ascii_whitespace()) {
            self.collapse_space();
        }
    }

    /// White space was seen: the first of a run decides the space's style.
    fn collapse_space(&mut self) {
        if self.space.is_none() {
            self.space = Some((self.style(), self.link.is_some()));
        }
    }

    /// Puts in the space that white space collapsed to, if one is due and
    /// shows here: not at the start of a block or of a line.
    fn due_space(&mut self) {
        let Some((style, in_link)) = self.space.take() else { return };
        let shows = self.current.as_ref().and_then(|b| b.spans.last()).is_some_and(|s| !matches!(s, Span::Break));
        if shows {
            let in_label = in_link && self.link_piece_open();
            self.push_text(" ", style, in_label);
        }
    }

    fn pre_text(&mut self, text: &str, line: usize) {
        let mut text = text;
        if std::mem::take(&mut self.pre_start) {
            text = text.strip_prefix("\r\n").or_else(|| text.strip_prefix('\n')).unwrap_or(text);
        }
        self.ensure_block(line);
        for (k, piece) in text.split('\n').enumerate() {
            if k > 0 {
                self.push_span(Span::Break);
            }
            for (t, cell) in piece.trim_end_matches('\r').split('\t').enumerate() {
                if t > 0 {
                    self.push_span(Span::Tab);
                }
                if !cell.is_empty() {
                    self.push_text(cell, self.style(), self.link.is_some());
                }
            }
        }
    }

    /// One word, after the space collapsed before it, if one is due.
    fn word(&mut self, word: &str, line: usize) {
        self.ensure_block(line);
        self.due_space();
        self.push_text(word, self.style(), self.link.is_some());
    }

    /// Whether the last span is a piece of the open link's label.
    fn link_piece_open(&self) -> bool {
        let (Some(link), Some(block)) = (&self.link, &self.current) else { return false };
        block.spans.len() > link.first_span && matches!(block.spans.last(), Some(Span::Link { .. }))
    }

    /// Adds text, to the open link's label or as plain text, joined to the
    /// last span when it continues it in the same style.
    fn push_text(&mut self, text: &str, style: Style, in_link: bool) {
        let piece_open = self.link_piece_open();
        let Some(block) = &mut self.current else { return };
        match (&mut self.link, block.spans.last_mut()) {
            (Some(link), last) if in_link => {
                link.labelled = true;
                if let Some(Span::Link { label, style: s, .. }) = last
                    && piece_open
                    && *s == style
                {
                    label.push_str(text);
                } else {
                    block.spans.push(Span::Link { label: text.to_string(), target: link.target.clone(), style });
                }
            }
            (_, Some(Span::Text { text: last, style: s })) if *s == style => last.push_str(text),
            _ => block.spans.push(Span::Text { text: text.to_string(), style }),
        }
    }

    fn push_span(&mut self, span: Span) {
        if let Some(block) = &mut self.current {
            block.spans.push(span);
        }
    }

    // --- blocks

    /// Text outside any block starts one: a continuation of the list item
    /// it is in (after a nested list), or a paragraph.
    fn ensure_block(&mut self, line: usize) {
        if self.current.is_some() {
            return;
        }
        let container = self
            .stack
            .iter()
            .rev()
            .find(|o| matches!(o.name.as_str(), "li" | "ul" | "ol") || BLOCKS.contains(&o.name.as_str()));
        let kind = if container.is_some_and(|o| o.name == "li") {
            BlockKind::ListItem { depth: self.depth(), marker: String::new() }
        } else {
            BlockKind::Paragraph
        };
        self.start_block(kind, line);
    }

    /// The indent of a block inside the open [`INDENTED`] elements, in
    /// character cells.
    fn indent(&self) -> u16 {
        let inside = self.stack.iter().filter(|o| INDENTED.contains(&o.name.as_str())).count();
        let step = u16::try_from(super::layout::LIST_INDENT).unwrap_or(0);
        u16::try_from(inside).unwrap_or(u16::MAX).saturating_mul(step)
    }

    fn depth(&self) -> u8 {
        u8::try_from(self.lists.len()).unwrap_or(u8::MAX).max(1)
    }

    fn start_block(&mut self, kind: BlockKind, line: usize) {
        // `<li><p>text</p></li>`: the paragraph is the item's text.
        let empty_item = self.current.as_ref().is_some_and(|b| {
            b.spans.is_empty() && matches!(&b.kind, BlockKind::ListItem { marker, .. } if !marker.is_empty())
        });
        if kind == BlockKind::Paragraph && empty_item {
            return;
        }
        self.finish_block();
        let mut block = Block::paragraph(line);
        block.kind = kind;
        block.align = self.align();
        block.indent = self.indent();
        self.current = Some(block);
    }

    /// Ends the block being read; an empty one is left out.
    fn finish_block(&mut self) {
        self.space = None;
        let Some(mut block) = self.current.take() else { return };
        // The label so far stays a link; the rest of the label starts the
        // link again in the next block.
        if let Some(link) = &mut self.link {
            link.first_span = 0;
        }
        while matches!(block.spans.last(), Some(Span::Break)) {
            block.spans.pop();
        }
        if !block.spans.is_empty() || block.kind == BlockKind::Rule {
            self.blocks.push(block);
        }
    }

    // --- tags

    fn start(&mut self, tag: &Tag) {
        let name = tag.name.as_str();
        if let Some(id) = tag.attr("id").or_else(|| tag.attr("name").filter(|_| name == "a")) {
            self.anchors.push((id.value.trim().to_string(), tag.line));
        }
        if let Some(pos) = closed_by_start(&self.stack, name) {
            self.pop_to(pos, &format!("<{name}>"), tag.line);
        }
        match name {
            "br" => {
                self.ensure_block(tag.line);
                self.push_span(Span::Break);
                self.space = None;
            }
            "hr" => {
                self.finish_block();
                let mut rule = Block::paragraph(tag.line);
                rule.kind = BlockKind::Rule;
                self.blocks.push(rule);
            }
            "img" => self.image(tag),
            n if VOID.contains(&n) => {}
            _ => {
                if self.stack.len() >= MAX_DEPTH {
                    if self.too_deep.is_empty() {
                        self.warn(
                            tag.line,
                            format!("elements nest more than {MAX_DEPTH} deep; deeper tags are left out"),
                        );
                    }
                    if !tag.self_closing {
                        self.too_deep.push(name.to_string());
                    }
                    return;
                }
                let align = if name == "center" {
                    Some(Align::Center)
                } else {
                    tag.attr("align").and_then(|a| match a.value.trim().to_ascii_lowercase().as_str() {
                        "center" | "middle" => Some(Align::Center),
                        "right" => Some(Align::Right),
                        "left" => Some(Align::Left),
                        _ => None,
                    })
                };
                let open = Open::new(name, tag.line, align, self.stack.last());
                self.stack.push(open);
                self.opened(tag);
                if tag.self_closing {
                    self.pop_to(self.stack.len() - 1, "", tag.line);
                }
            }
        }
    }

    /// What an element does when it opens.
    fn opened(&mut self, tag: &Tag) {
        let line = tag.line;
        match tag.name.as_str() {
            "body" => self.body_line = self.body_line.or(Some(line)),
            "p" => self.start_block(BlockKind::Paragraph, line),
            h @ ("h1" | "h2" | "h3" | "h4" | "h5" | "h6") => {
                self.start_block(BlockKind::Heading(h.as_bytes()[1] - b'0'), line)
            }
            n if BLOCKS.contains(&n) => self.finish_block(),
            list @ ("ul" | "ol") => {
                self.finish_block();
                let start = tag.attr("start").and_then(|s| s.value.trim().parse().ok()).unwrap_or(1);
                self.lists.push((list == "ol", start));
            }
            "li" => {
                if self.lists.is_empty() {
                    self.warn(line, "<li> outside <ul> or <ol>; shown as a bulleted item");
                }
                let marker = match self.lists.last_mut() {
                    Some((true, next)) => {
                        *next += 1;
                        format!("{}.", *next - 1)
                    }
                    _ => "•".to_string(),
                };
                self.start_block(BlockKind::ListItem { depth: self.depth(), marker }, line);
            }
            "pre" => {
                self.start_block(BlockKind::Paragraph, line);
                if let Some(block) = &mut self.current {
                    block.wrap = false;
                }
                self.pre_start = true;
            }
            "a" => {
                if let Some(href) = tag.attr("href") {
                    let href = self.attr_text(&href.value, line);
                    let target = self.target(&href, line);
                    let first_span = self.current.as_ref().map_or(0, |b| b.spans.len());
                    self.link = Some(OpenLink { target, href, first_span, labelled: false });
                }
            }
            "table" => {
                self.finish_block();
                self.tables.push(self.blocks.len());
                self.warn_once("table", line, "<table> is not part of the help's HTML; each row is shown as a line");
            }
            "tr" | "caption" => {
                self.finish_block();
                self.cells_in_row = 0;
            }
            "td" | "th" => {
                if self.cells_in_row > 0 {
                    self.ensure_block(line);
                    self.push_span(Span::Tab);
                    self.space = None;
                }
                self.cells_in_row += 1;
            }
            n if is_known(n) => {}
            n => self.warn_once(n, line, &format!("<{n}> is not part of the help's HTML; its text is shown as is")),
        }
    }

    /// Warns about an element the help does not draw, once a page.
    fn warn_once(&mut self, name: &str, line: usize, message: &str) {
        if !self.unknown.iter().any(|u| u == name) {
            self.unknown.push(name.to_string());
            self.warn(line, message.to_string());
        }
    }

    /// Sets the tab stops of a table's rows so that its columns line up:
    /// each column as wide as its widest cell, in character cells, and
    /// two more between columns.
    fn align_table(&mut self, first: usize) {
        let rows = &mut self.blocks[first..];
        let mut widths: Vec<usize> = Vec::new();
        for row in rows.iter() {
            let text = row.plain_text();
            let cells: Vec<&str> = text.split('\t').collect();
            for (column, cell) in cells.iter().enumerate().take(cells.len() - 1) {
                let width = cell.chars().count();
                match widths.get_mut(column) {
                    Some(w) => *w = (*w).max(width),
                    None => widths.push(width),
                }
            }
        }
        let stops: Vec<u16> = widths
            .iter()
            .scan(0usize, |x, w| {
                *x += w + 2;
                Some(u16::try_from(*x).unwrap_or(u16::MAX))
            })
            .collect();
        for row in rows.iter_mut().filter(|r| r.spans.contains(&Span::Tab)) {
            row.tabs = stops.clone();
        }
    }

    /// What an element does when it closes.
    fn closed(&mut self, open: &Open) {
        match open.name.as_str() {
            "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "li" | "pre" => self.finish_block(),
            n if BLOCKS.contains(&n) => self.finish_block(),
            "ul" | "ol" => {
                self.finish_block();
                self.lists.pop();
            }
            "a" => self.end_link(open.line),
            "tr" | "caption" => self.finish_block(),
            "table" => {
                self.finish_block();
                if let Some(first) = self.tables.pop() {
                    self.align_table(first);
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: &Tag) {
        let name = tag.name.as_str();
        if VOID.contains(&name) {
            // Browsers read a stray `</br>` as a line break.
            if name == "br" {
                self.ensure_block(tag.line);
                self.push_span(Span::Break);
            }
            return;
        }
        if self.too_deep.last().is_some_and(|n| n == name) {
            self.too_deep.pop();
            return;
        }
        // A heading's end tag closes the heading open, of whatever level.
        match closed_by_end(&self.stack, name) {
            Some(ClosedByEnd::Own(pos)) => self.pop_to(pos, &format!("</{name}>"), tag.line),
            Some(ClosedByEnd::OtherHeading(pos)) => {
                let open = &self.stack[pos];
                let told = heading_closed_by(&self.path, &open.name, open.line, name, tag.line);
                self.diagnostics.push(told);
                self.pop_to(pos, &format!("</{name}>"), tag.line);
            }
            None => self.warn(tag.line, format!("</{name}> closes nothing: no <{name}> is open")),
        }
    }

    /// Closes the element at `pos` and everything opened inside it, warning
    /// about those that needed an end tag of their own (`by` names the tag
    /// that closes them).
    fn pop_to(&mut self, pos: usize, by: &str, line: usize) {
        let popped: Vec<Open> = self.stack.drain(pos..).collect();
        for (k, open) in popped.iter().enumerate().rev() {
            if k > 0 && !OPTIONAL_END.contains(&open.name.as_str()) {
                self.warn(line, format!("<{}> from line {} is closed by {by}", open.name, open.line));
            }
            self.closed(open);
        }
    }

    fn end_link(&mut self, line: usize) {
        let Some(link) = self.link.take() else { return };
        if !link.labelled {
            self.warn(line, format!("the link to `{}` has no text; its address is shown", link.href));
            self.ensure_block(line);
            let style = self.style();
            self.push_span(Span::Link { label: link.href, target: link.target, style });
        }
    }

    /// An attribute's value with its character references replaced.
    fn attr_text(&mut self, raw: &str, line: usize) -> String {
        let mut warnings = Vec::new();
        let text = decode_entities(raw, line, &mut |l, m| warnings.push((l, m)));
        for (l, m) in warnings {
            self.warn(l, m);
        }
        text.trim().to_string()
    }

    /// Where an `href` leads (see the module's comment).
    fn target(&mut self, href: &str, line: usize) -> Target {
        if has_scheme(href) {
            return Target::Url(href.to_string());
        }
        let (path, fragment) = split_href(href);
        let same_page = path.is_empty() || path == self.file_name;
        if same_page {
            return match fragment.filter(|f| !f.is_empty()) {
                Some(f) => {
                    self.fragment_links.push((f.to_string(), line));
                    Target::Node { file: None, node: format!("#{f}"), line: 0 }
                }
                None => Target::node(MAIN),
            };
        }
        let folder = self.path.parent().unwrap_or(Path::new(""));
        let in_folder = files::inside_folder(&path);
        // A page of a built help links the others across its folders,
        // a game type's page another game type's, a page in a folder of
        // a game type's the rest of it.
        let Some((home, file)) =
            in_folder.clone().map(|file| (folder.to_path_buf(), file)).or_else(|| source::reach(&self.path, &path))
        else {
            self.warn(line, leads_out(href, ""));
            return Target::Url(href.to_string());
        };
        let linked = in_folder.unwrap_or(path);
        // Named inside, a file may still be a link to elsewhere, which
        // the viewer never follows.
        match files::within(&home, &file) {
            Err(_) => self.warn(line, leads_out(href, " (through a link to elsewhere)")),
            Ok(found) if !found.is_file() && !file.eq_ignore_ascii_case(GAME_TYPES_INDEX) => {
                self.diagnostics.push(no_such_link(&self.path, line, href))
            }
            // A file there that the viewer cannot show (a picture, notes.txt,
            // game.ini) is a link to nothing it can open: greyed, and said
            // so on this line when chosen, as a guide's link to one is.
            Ok(_) if !super::reader_named(&file) => {
                let why = format!("the link `{href}` leads to a file help cannot show: {}", super::NOT_A_HELP_FILE);
                let told = Diagnostic::warning(&self.path, line, why);
                self.dead_links.push(DeadLink { file: linked.clone(), node: MAIN.to_string(), told: told.clone() });
                self.diagnostics.push(told);
            }
            Ok(_) => {}
        }
        Target::Node { file: Some(linked), node: MAIN.to_string(), line: 0 }
    }

    /// `<img src alt>`: a picture from inside the page's folder tree, or
    /// its alt text.
    fn image(&mut self, tag: &Tag) {
        let line = tag.line;
        let alt = tag.attr("alt").map(|a| self.attr_text(&a.value, line)).unwrap_or_default();
        let src = tag.attr("src").map(|a| self.attr_text(&a.value, line)).unwrap_or_default();
        let file = split_href(&src).0;
        let reached = (!has_scheme(&src)).then(|| source::reach(&self.path, &file)).flatten();
        match reached {
            Some((home, rel)) => {
                // As written, but `./` and `sub/..` taken out where it stays
                // in the page's folder.
                let file = files::inside_folder(&file).unwrap_or(file);
                if !files::in_any_case(&home, &rel).is_file() {
                    self.diagnostics.push(no_such_picture(&self.path, line, &file));
                }
                self.pictures.push((line, file.clone()));
                self.ensure_block(line);
                self.due_space();
                self.push_span(Span::Image { path: file, alt });
            }
            None => {
                let why = if src.is_empty() { "has no src" } else { "is not inside the page's folder" };
                self.warn(line, format!("the picture `{src}` {why}; its alt text is shown instead"));
                // In brackets, as a picture that cannot be read shows it.
                if !alt.is_empty() {
                    self.word(&format!("[{alt}]"), line);
                }
            }
        }
    }

    fn finish(mut self) -> Document {
        let open: Vec<Open> = std::mem::take(&mut self.stack);
        // Each kind of tag left open on a line is told once, with a count:
        // a page nesting a hundred <b> has one mistake, not a hundred.
        let mut unclosed: Vec<(usize, &str, usize)> = Vec::new();
        for o in open.iter().rev() {
            // Unknown elements may be void ones this reader does not list.
            if !OPTIONAL_END.contains(&o.name.as_str()) && !self.unknown.contains(&o.name) {
                match unclosed.iter_mut().find(|(line, name, _)| *line == o.line && *name == o.name) {
                    Some((.., count)) => *count += 1,
                    None => unclosed.push((o.line, &o.name, 1)),
                }
            }
            self.closed(o);
        }
        for (line, name, count) in unclosed {
            let times = if count > 1 { format!(" ({count} of them)") } else { String::new() };
            self.warn(line, format!("<{name}> is never closed{times}"));
        }
        self.finish_block();
        self.resolve_fragments();
        // A page with nothing to show (an empty file, a <title> alone) has
        // no page: the viewer lists its problems instead, as for a guide
        // with no @NODE, and `parlour help` fails.
        let shows_something = self
            .blocks
            .iter()
            .any(|b| !b.plain_text().trim().is_empty() || b.spans.iter().any(|s| matches!(s, Span::Image { .. })));
        if !shows_something {
            self.diagnostics.push(Diagnostic::error(&self.path, 1, "the page is empty: it has nothing to show"));
        }
        let mut title = self.title.split_whitespace().collect::<Vec<_>>().join(" ");
        if title.is_empty() && shows_something {
            self.warn(1, "the page has no <title>; its first heading names it");
            title = self
                .blocks
                .iter()
                .find(|b| matches!(b.kind, BlockKind::Heading(_)))
                .map(|b| b.plain_text().trim().to_string())
                .or_else(|| self.path.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .unwrap_or_default();
        }
        // Warnings come from the tokenizer, the tags and the end; the
        // author reads them by line.
        self.diagnostics.sort_by_key(|d| d.line);
        let node = Node {
            name: MAIN.to_string(),
            title: title.clone(),
            line: self.body_line.unwrap_or(1),
            blocks: self.blocks,
            ..Node::default()
        };
        Document {
            path: self.path,
            title,
            nodes: if shows_something { vec![node] } else { Vec::new() },
            diagnostics: self.diagnostics,
            pictures: self.pictures,
            dead_links: self.dead_links,
            ..Document::default()
        }
    }

    /// `#name` links become the line of the element called so.
    fn resolve_fragments(&mut self) {
        for (name, line) in std::mem::take(&mut self.fragment_links) {
            if !self.anchors.iter().any(|(a, _)| *a == name) {
                self.warn(line, format!("the link `#{name}` leads to no element with that id in the page"));
            }
        }
        for block in &mut self.blocks {
            for span in &mut block.spans {
                // A name the page lacks stays as it is: a link that leads
                // nowhere, which the viewer draws disabled.
                if let Span::Link { target: Target::Node { file: None, node, line }, .. } = span
                    && let Some(name) = node.strip_prefix('#')
                    && let Some(&(_, at)) = self.anchors.iter().find(|(a, _)| a == name)
                {
                    *line = at;
                    *node = MAIN.to_string();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(body: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html>\n<head>\n<title>A  Page</title>\n<link rel=\"stylesheet\" href=\"help.css\">\n</head>\n<body>\n{body}\n</body>\n</html>\n"
        )
    }

    /// Reads `text` as `dir/page.html` in a temporary folder holding
    /// `pic.bmp` and `sub/deep.png`.
    fn doc(text: &str) -> (Document, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("pic.bmp"), b"").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/deep.png"), b"").unwrap();
        for page in ["playing.html", "sub/x.html", "Game Types/a.html"] {
            std::fs::create_dir_all(dir.path().join(page).parent().unwrap()).unwrap();
            std::fs::write(dir.path().join(page), b"").unwrap();
        }
        let d = read(&dir.path().join("page.html"), text.as_bytes());
        (d, dir)
    }

    fn messages(d: &Document, dir: &tempfile::TempDir) -> Vec<String> {
        let base = format!("{}/", dir.path().display());
        d.diagnostics.iter().map(|m| m.to_string().replace(&base, "")).collect()
    }

    /// A page in UTF-8 but for one Windows-1252 letter is read as
    /// Windows-1252, and its first UTF-8 line is told of as it shows.
    #[test]
    fn a_page_of_two_encodings_is_told_of_where_it_shows() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = b"<title>T</title>\n<p>caf\xe9</p>\n<p>K\xc3\xb6nig</p>\n";
        let d = read(&dir.path().join("page.html"), bytes);
        assert_eq!(
            messages(&d, &dir),
            ["page.html:3: warning: this line is written in UTF-8 but line 2 is not, so the file is read as \
              Windows-1252 and this line shows as `<p>K\u{c3}\u{b6}nig</p>`: save the file in one encoding"]
        );
    }

    fn blocks(text: &str) -> Vec<Block> {
        let (d, dir) = doc(&format!("<title>T</title>{text}"));
        assert_eq!(messages(&d, &dir), Vec::<String>::new());
        d.nodes[0].blocks.clone()
    }

    fn text(s: &str) -> Span {
        Span::Text { text: s.into(), style: Style::default() }
    }

    fn with(s: &str, f: impl FnOnce(&mut Style)) -> Span {
        let mut style = Style::default();
        f(&mut style);
        Span::Text { text: s.into(), style }
    }

    #[test]
    fn one_node_titled_by_the_page() {
        let (d, dir) = doc(&page("<h1>Head</h1>\n<p>Words\n  here.</p>"));
        assert_eq!(messages(&d, &dir), Vec::<String>::new());
        assert_eq!(d.title, "A Page");
        assert_eq!(d.nodes.len(), 1);
        let node = &d.nodes[0];
        assert_eq!((node.name.as_str(), node.title.as_str(), node.line), ("main", "A Page", 7));
        assert_eq!(node.blocks[0].kind, BlockKind::Heading(1));
        assert_eq!(node.blocks[0].spans, vec![text("Head")]);
        assert_eq!((node.blocks[1].kind.clone(), node.blocks[1].line), (BlockKind::Paragraph, 9));
        assert_eq!(node.blocks[1].spans, vec![text("Words here.")]);
    }

    #[test]
    fn headings_and_alignment() {
        let b = blocks("<h2 align=center>Two</h2><h6>Six</h6><center><p>Mid</p></center><p align=\"right\">R</p>");
        let kinds: Vec<(BlockKind, Align)> = b.iter().map(|b| (b.kind.clone(), b.align)).collect();
        assert_eq!(
            kinds,
            vec![
                (BlockKind::Heading(2), Align::Center),
                (BlockKind::Heading(6), Align::Left),
                (BlockKind::Paragraph, Align::Center),
                (BlockKind::Paragraph, Align::Right),
            ]
        );
    }

    #[test]
    fn inline_styles_and_white_space() {
        let b = blocks(
            "<p>  plain <b>bold <i>both</i></b> <strong>s</strong><em>e</em> <u>under</u>\n<code>x = 1</code>\t </p>",
        );
        assert_eq!(
            b[0].spans,
            vec![
                text("plain "),
                with("bold ", |s| s.bold = true),
                with("both", |s| (s.bold, s.italic) = (true, true)),
                text(" "),
                with("s", |s| s.bold = true),
                with("e", |s| s.italic = true),
                text(" "),
                with("under", |s| s.underline = true),
                text(" "),
                with("x = 1", |s| s.code = true),
            ]
        );
    }

    #[test]
    fn breaks_and_rules() {
        let b = blocks("<p>one<br>\n two<br/><br></p><hr><p>three</BR>x</p>");
        assert_eq!(b[0].spans, vec![text("one"), Span::Break, text("two")]);
        assert_eq!(b[1].kind, BlockKind::Rule);
        assert_eq!(b[2].spans, vec![text("three"), Span::Break, text("x")]);
    }

    #[test]
    fn pre_keeps_its_lines() {
        let b = blocks("<pre>\nRule\tWin\n  two  spaces\n</pre>");
        assert!(!b[0].wrap);
        let code = |t: &str| with(t, |s| s.code = true);
        assert_eq!(b[0].spans, vec![code("Rule"), Span::Tab, code("Win"), Span::Break, code("  two  spaces")]);
    }

    #[test]
    fn nested_lists() {
        let b = blocks(
            "<ul>\n<li>one\n<li>two<ul><li>inner</li></ul>after</li>\n</ul><ol start=3><li><p>three</p></li><li>four</ol>",
        );
        let items: Vec<(BlockKind, String)> = b.iter().map(|b| (b.kind.clone(), b.plain_text())).collect();
        let item = |depth, marker: &str| BlockKind::ListItem { depth, marker: marker.into() };
        assert_eq!(
            items,
            vec![
                (item(1, "•"), "one".into()),
                (item(1, "•"), "two".into()),
                (item(2, "•"), "inner".into()),
                (item(1, ""), "after".into()),
                (item(1, "3."), "three".into()),
                (item(1, "4."), "four".into()),
            ]
        );
    }

    #[test]
    fn entities() {
        let b = blocks(
            "<p>&amp;&lt;&gt;&quot;&apos;&nbsp;&eacute;&Eacute;&yuml;&copy;&#233;&#xE9;&#X41;&#150;&hearts;&hellip; R&D &amp</p>",
        );
        assert_eq!(b[0].plain_text(), "&<>\"'\u{a0}éÉÿ©ééA–♥… R&D &amp");
        let (d, dir) = doc("<p>a\n&bogus; &#0; &#xD800; &#99999999999;</p>");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "a &bogus; � � �");
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:1: warning: the page has no <title>; its first heading names it",
                "page.html:2: warning: unknown character reference `&bogus;`; shown as written",
                "page.html:2: warning: `&#0;` is not a character; shown as �",
                "page.html:2: warning: `&#xD800;` is not a character; shown as �",
                "page.html:2: warning: `&#99999999999;` is not a character; shown as �",
            ]
        );
    }

    #[test]
    fn comments_scripts_and_styles_are_skipped() {
        let text =
            page("<!-- <p>gone</p> -->\n<script>if (a < b) { x('</p>') }</script><style>p { }</style><p>kept</p>");
        let (d, dir) = doc(&text.replace("</head>", "<style>\nh1 {}\n</style>\n</head>"));
        assert_eq!(messages(&d, &dir), Vec::<String>::new());
        assert_eq!(d.nodes[0].blocks.len(), 1);
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "kept");
    }

    #[test]
    fn links() {
        let text = page(
            "<p id=\"top\">See <a href=\"playing.html\">Playing</a>, <a href=\"sub/x.html#y\"><b>deep</b> link</a>,\n\
             <a href='#end'>the end</a>, <a href=\"page.html#top\">top</a>, <a href=\"https://example.com/\">web</a>\n\
             <a href=\"mailto:a@b.c\">mail</a> <a href=\"Game%20Types/a.html\">space</a>.</p>\n<h2><a name=\"end\">End</a></h2>",
        );
        let (d, dir) = doc(&text);
        assert_eq!(messages(&d, &dir), Vec::<String>::new());
        let links: Vec<(String, Target, bool)> = d.nodes[0].blocks[0]
            .spans
            .iter()
            .filter_map(|s| match s {
                Span::Link { label, target, style } => Some((label.clone(), target.clone(), style.bold)),
                _ => None,
            })
            .collect();
        let other = |f: &str| Target::Node { file: Some(f.into()), node: "main".into(), line: 0 };
        let here = |line| Target::Node { file: None, node: "main".into(), line };
        assert_eq!(
            links,
            vec![
                ("Playing".into(), other("playing.html"), false),
                ("deep".into(), other("sub/x.html"), true),
                (" link".into(), other("sub/x.html"), false),
                ("the end".into(), here(11), false),
                ("top".into(), here(8), false),
                ("web".into(), Target::Url("https://example.com/".into()), false),
                ("mail".into(), Target::Url("mailto:a@b.c".into()), false),
                ("space".into(), other("Game Types/a.html"), false),
            ]
        );
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "See Playing, deep link, the end, top, web mail space.");
    }

    #[test]
    fn link_problems() {
        let (d, dir) = doc(
            "<title>T</title><p><a href=\"../out.html\">out</a>\n<a href=\"#nowhere\">x</a><a href=\"c:\\x.html\"></a>",
        );
        let spans = &d.nodes[0].blocks[0].spans;
        assert_eq!(
            spans[0],
            Span::Link { label: "out".into(), target: Target::Url("../out.html".into()), style: Style::default() }
        );
        // As the warning says: the viewer greys it and never follows it.
        assert!(matches!(&spans[0], Span::Link { target, .. } if !target.is_enabled()));
        // A name the page lacks is kept: the viewer finds no such place.
        assert!(matches!(&spans[2], Span::Link { target: Target::Node { node, .. }, .. } if node == "#nowhere"));
        assert_eq!(
            spans[3],
            Span::Link {
                label: "c:\\x.html".into(),
                target: Target::Url("c:\\x.html".into()),
                style: Style::default()
            }
        );
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:1: warning: the link `../out.html` leads out of the page's folder; help shows it greyed and never follows it",
                "page.html:2: warning: the link `c:\\x.html` leads out of the page's folder; help shows it greyed and never follows it",
                "page.html:2: warning: the link to `c:\\x.html` has no text; its address is shown",
                "page.html:2: warning: the link `#nowhere` leads to no element with that id in the page",
            ]
        );
    }

    #[test]
    fn pictures_stay_in_the_folder() {
        // Names are found in any case, as Windows finds them.
        let (d, dir) = doc("<title>T</title><p><img src=\"Pic.BMP\" alt=\"The deal\"> and <img src=SUB/./deep.png>\n\
             <img src=\"../x.png\" alt=\"outside\"><img src=\"http://e.com/x.png\" alt=\"web\"><img src=\"gone.png\"><img alt=\"none\"></p>");
        let block = &d.nodes[0].blocks[0];
        let images: Vec<&Span> = block.spans.iter().filter(|s| matches!(s, Span::Image { .. })).collect();
        assert_eq!(
            images,
            vec![
                &Span::Image { path: "Pic.BMP".into(), alt: "The deal".into() },
                &Span::Image { path: "SUB/deep.png".into(), alt: String::new() },
                &Span::Image { path: "gone.png".into(), alt: String::new() },
            ]
        );
        assert_eq!(block.plain_text(), "The deal and  [outside][web][none]");
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:2: warning: the picture `../x.png` is not inside the page's folder; its alt text is shown instead",
                "page.html:2: warning: the picture `http://e.com/x.png` is not inside the page's folder; its alt text is shown instead",
                "page.html:2: warning: there is no picture `gone.png` beside the page",
                "page.html:2: warning: the picture `` has no src; its alt text is shown instead",
            ]
        );
    }

    /// Definition lists, quotations and the other elements a browser
    /// draws as blocks start lines of their own, never run into the words
    /// around them; a definition and a quotation are indented as a list's
    /// items are. A term or definition left open ends at the next one.
    #[test]
    fn block_elements_start_lines_of_their_own() {
        let (d, dir) = doc(
            "<title>T</title>\n<p>Before\n<dl><dt>Term one</dt><dd>Definition one.</dd><dt>Term two<dd>Def two</dl>\n\
             <blockquote>Quoted</blockquote><section>In a section</section><figure>Pic<figcaption>Caption</figcaption></figure>after",
        );
        assert_eq!(messages(&d, &dir), Vec::<String>::new());
        let blocks: Vec<(String, u16)> = d.nodes[0].blocks.iter().map(|b| (b.plain_text(), b.indent)).collect();
        let expected = [
            ("Before", 0),
            ("Term one", 0),
            ("Definition one.", 3),
            ("Term two", 0),
            ("Def two", 3),
            ("Quoted", 3),
            ("In a section", 0),
            ("Pic", 0),
            ("Caption", 0),
            ("after", 0),
        ];
        assert_eq!(blocks, expected.map(|(t, i)| (t.to_string(), i)));
    }

    /// A heading's end tag of another level closes the heading, as a
    /// browser reads it: the text after it is a paragraph of its own.
    #[test]
    fn a_heading_closed_by_another_level_ends_there() {
        let (d, dir) = doc("<title>T</title>\n<h2>Notes</h3>\n<p>Words.\n");
        assert_eq!(messages(&d, &dir), ["page.html:2: <h2> is closed by </h3>, not </h2>"]);
        let texts: Vec<String> = d.nodes[0].blocks.iter().map(Block::plain_text).collect();
        assert_eq!(texts, ["Notes", "Words."]);
    }

    #[test]
    fn broken_markup_has_lines() {
        let text = "<title>T</title>\n<p><b>bold\n<h2>head</i></h2>\n<table><tr><td>cell</td></tr></table>\n<li>stray\n<p>x <a href=\"y.html>never\n";
        let (d, dir) = doc(text);
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:3: warning: <b> from line 2 is closed by <h2>",
                "page.html:3: warning: </i> closes nothing: no <i> is open",
                "page.html:4: warning: <table> is not part of the help's HTML; each row is shown as a line",
                "page.html:5: warning: <li> outside <ul> or <ol>; shown as a bulleted item",
                "page.html:6: warning: a quote in `<a href=\"y.html>never...` is never closed",
                "page.html:6: warning: the link `y.html` leads to no file beside the page",
                "page.html:6: warning: <a> is never closed",
            ]
        );
        let texts: Vec<String> = d.nodes[0].blocks.iter().map(Block::plain_text).collect();
        assert_eq!(texts, vec!["bold", "head", "cell", "stray", "x never"]);
    }

    /// A heading's end tag that lost its `>` at a line's end runs on into
    /// the next tag, as browsers read it: told on its own line, naming
    /// the tag it swallowed, before that loss shows further down.
    #[test]
    fn a_tag_missing_its_closing_bracket_is_told_where_it_stands() {
        let text = "<title>T</title>\n<h2>Winning</h2\n<p>Every card home.\n</p>\n<p>Then <b>done</b>.</p>\n";
        let (d, dir) = doc(text);
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:2: warning: </h2 lacks its closing `>`: it runs on into the next tag, <p>, which is lost",
                "page.html:4: warning: </p> closes nothing: no <p> is open",
            ]
        );
    }

    #[test]
    fn a_table_is_a_line_a_row_with_its_columns_at_tab_stops() {
        // The second row leaves its end tags out, as HTML allows.
        let text = "<title>T</title><p>Before\n<table><tr><th>Where</th><th>Builds</th></tr>\n\
                    <tr><td>Tableau<td>down, alternating colours\n<tr><td>Foundation</td><td>up in suit</td></tr>\n\
                    </table><p>After";
        let (d, dir) = doc(text);
        assert_eq!(
            messages(&d, &dir),
            vec!["page.html:2: warning: <table> is not part of the help's HTML; each row is shown as a line"]
        );
        let blocks = &d.nodes[0].blocks;
        let texts: Vec<String> = blocks.iter().map(Block::plain_text).collect();
        assert_eq!(
            texts,
            vec!["Before", "Where\tBuilds", "Tableau\tdown, alternating colours", "Foundation\tup in suit", "After"]
        );
        // "Foundation" is the widest first cell: ten characters and two more.
        assert!(blocks[1..4].iter().all(|b| b.tabs == vec![12]), "{:?}", blocks[1].tabs);
        assert!(blocks[0].tabs.is_empty() && blocks[4].tabs.is_empty());
    }

    #[test]
    fn unclosed_things_at_the_end() {
        let (d, dir) = doc("<title>T</title><p><i>x <!-- y");
        assert_eq!(
            messages(&d, &dir),
            vec![
                "page.html:1: warning: a comment `<!--` is never closed with `-->`; the rest of the page is left out",
                "page.html:1: warning: <i> is never closed",
            ]
        );
        let (d, _) = doc("<title>T</title><p>x <b");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "x");
        assert!(d.diagnostics[0].message.contains("is never closed with `>`"));
    }

    #[test]
    fn windows_1252_pages() {
        let (d, dir) = doc("");
        drop(d);
        let d = read(&dir.path().join("p.html"), b"<title>Caf\xe9</title>\n<p>\x93quoted\x94 \x96 dash");
        assert_eq!(d.title, "Café");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "“quoted” – dash");
        // YaZZle's own encoding, which game.html may be written in: no
        // warning for the player or the author.
        assert!(d.diagnostics.is_empty(), "{:?}", d.diagnostics);
    }

    /// Notepad's "Unicode" (UTF-16 with a byte-order mark, either way
    /// round) reads as lint reads it, not as bytes of Windows-1252.
    #[test]
    fn utf16_pages() {
        let page = "<title>Café</title>\n<p>“quoted” ♠";
        for big_endian in [false, true] {
            let words = page.encode_utf16().flat_map(|w| if big_endian { w.to_be_bytes() } else { w.to_le_bytes() });
            let mark: &[u8] = if big_endian { b"\xfe\xff" } else { b"\xff\xfe" };
            let bytes: Vec<u8> = mark.iter().copied().chain(words).collect();
            let d = read(Path::new("p.html"), &bytes);
            assert_eq!(d.title, "Café");
            assert_eq!(d.nodes[0].blocks[0].plain_text(), "“quoted” ♠");
            assert!(d.diagnostics.is_empty(), "{:?}", d.diagnostics);
        }
    }

    #[test]
    fn a_missing_title_falls_back() {
        let (d, _dir) = doc("<h1>Head <b>line</b></h1>");
        assert_eq!(d.title, "Head line");
        let (d, _dir) = doc("just text");
        assert_eq!(d.title, "page");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "just text");
    }

    #[test]
    fn tokens_know_where_attributes_are() {
        let text = "<a href=\"x.html\" class=c disabled>t</a>";
        let tokens = tokenize(text, &mut |_, _| panic!("no warnings"));
        let Token::Tag(tag) = &tokens[0] else { panic!() };
        assert_eq!(tag.at, 0..text.find('>').unwrap() + 1);
        let href = tag.attr("href").unwrap();
        assert_eq!(&text[href.value_at.clone().unwrap()], "\"x.html\"");
        assert_eq!(&text[tag.attr("class").unwrap().value_at.clone().unwrap()], "c");
        assert_eq!(tag.attr("disabled").unwrap().value_at, None);
        assert!(matches!(&tokens[1], Token::Text { at, line: 1 } if &text[at.clone()] == "t"));
    }

    #[test]
    fn deep_nesting_is_cut_off_and_read_in_one_pass() {
        let depth = 20_000;
        let page = format!(
            "<html><head><title>Deep</title></head><body><p>{}{}</p></body></html>",
            "<b>x ".repeat(depth),
            "</b>".repeat(depth)
        );
        let doc = read(Path::new("deep.html"), page.as_bytes());
        let text = doc.nodes[0].blocks.iter().map(Block::plain_text).collect::<String>();
        assert_eq!(text.matches('x').count(), depth, "all the text is kept");
        let warnings: Vec<&str> = doc.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(warnings, [format!("elements nest more than {MAX_DEPTH} deep; deeper tags are left out")]);
        // The levels kept are read as written: bold.
        let bold = doc.nodes[0].blocks[0].spans.iter().all(|s| matches!(s, Span::Text { style, .. } if style.bold));
        assert!(bold);
    }

    /// Tags left open are told once a kind and line, with a count.
    #[test]
    fn many_tags_left_open_are_told_once() {
        let (d, dir) = doc(&format!("<title>T</title>\n<p>{}\n<i>x\n", "<b>x ".repeat(50)));
        assert_eq!(
            messages(&d, &dir),
            ["page.html:2: warning: <b> is never closed (50 of them)", "page.html:3: warning: <i> is never closed"]
        );
    }

    /// An escape sequence or a NUL in the page never reaches the terminal
    /// through a warning quoting a tag or a name: each line is read
    /// without them, as a guide's is, and the warning names them by code.
    /// A lone CR, an old Mac line end, ends a line, white space inside
    /// a paragraph.
    #[test]
    fn control_characters_are_left_out_and_named() {
        let (d, dir) = doc(
            "<title>T</title>\n<p>a <foo\x1b[31mRED\x1b]0;TITLE\x07> <img src=\"a\x1b[5mb.bmp\" alt=\"x\">\0\n<p>one\rtwo</p>",
        );
        assert_eq!(
            messages(&d, &dir),
            [
                "page.html:2: warning: control character 0x1B ignored",
                "page.html:2: warning: <foo[31mred]0;title> is not part of the help's HTML; its text is shown as is",
                "page.html:2: warning: there is no picture `a[5mb.bmp` beside the page",
                "page.html:3: warning: <foo[31mred]0;title> from line 2 is closed by <p>",
            ]
        );
        assert_eq!(d.nodes[0].blocks[1].plain_text(), "one two");
    }

    #[test]
    fn garbage_never_panics() {
        // Any page is one node, `main` (or none, said, where it shows
        // nothing), with its problems on its lines.
        let check = |bytes: &[u8]| {
            crate::checks::html(bytes);
            let doc = read(Path::new("g.html"), bytes);
            assert!(
                doc.diagnostics.iter().all(|d| !d.message.contains(|c: char| c != '\t' && c.is_control())),
                "{:?}",
                doc.diagnostics
            );
        };
        for s in crate::checks::BROKEN_HTML {
            check(s.as_bytes());
        }
        let mut rng = crate::core::GameRng::new(5);
        let alphabet: Vec<char> = "<>/=\"' !-#&;abhpliurolmgsrcetx1é\n\t".chars().collect();
        for _ in 0..3000 {
            let len = rng.below(80) as usize;
            let s: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u32) as usize]).collect();
            check(s.as_bytes());
        }
        for _ in 0..500 {
            let len = rng.below(80) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            check(&bytes);
        }
    }
}
