//! The one document model every help format is read into and the viewer
//! draws: a document of nodes (pages), each a list of blocks (paragraphs,
//! headings, list items) made of styled spans, links, tabs and images.
//!
//! Lengths (indents, tab stops) are in character cells of the viewer's
//! text font, as AmigaGuide counts them; the viewer turns them into pixels.

use std::path::PathBuf;

use crate::core::Diagnostic;

/// A help document as read from one file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The file it was read from (links to other files are resolved
    /// against its folder, and never outside it).
    pub path: PathBuf,
    /// The document's own name (@DATABASE, <title>, the Imaj title line).
    pub title: String,
    /// The pages, the main one first.
    pub nodes: Vec<Node>,
    /// The document-wide Contents, Index and Help nodes, if named.
    pub contents: Option<Target>,
    pub index: Option<Target>,
    pub help: Option<Target>,
    /// What the reader found wrong or doubtful, with lines.
    pub diagnostics: Vec<Diagnostic>,
    /// Each picture the document shows, as named, with the line naming it
    /// (for lint, which checks that the viewer can read it).
    pub pictures: Vec<(usize, String)>,
    /// Links into other files of the folder that lead to nothing the
    /// viewer can show (the file has no such node, or is no help file it
    /// can show: plain text, a picture, an empty or binary guide), found
    /// as the document was read: the viewer greys them, as it greys a link
    /// to a node this document lacks.
    pub dead_links: Vec<DeadLink>,
}

/// A link into another file of the folder that leads to nothing the
/// viewer can show.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadLink {
    /// The file and node as the link writes them.
    pub file: String,
    pub node: String,
    /// What the reader said of it, on the link's line: what the viewer
    /// says when the link is chosen, rather than blame the file it names.
    pub told: Diagnostic,
}

/// One page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// The name links use (matched without regard to case).
    pub name: String,
    /// The title the viewer shows.
    pub title: String,
    /// The line of the source where the node starts.
    pub line: usize,
    pub blocks: Vec<Block>,
    /// The node's own Contents/Index/Help and browse neighbours, where the
    /// source names them; the viewer falls back to the document's and to
    /// the node order.
    pub contents: Option<Target>,
    pub index: Option<Target>,
    pub help: Option<Target>,
    pub prev: Option<Target>,
    pub next: Option<Target>,
    pub keywords: Vec<String>,
}

/// A paragraph-like unit the viewer lays out on its own lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub kind: BlockKind,
    pub align: Align,
    /// Left indent of every line, in character cells (AmigaGuide lindent).
    pub indent: u16,
    /// Extra indent of the first line relative to `indent`, may be negative
    /// (AmigaGuide pari).
    pub first_indent: i16,
    /// Whether lines longer than the pane are wrapped at spaces; if not,
    /// they run on and are clipped.
    pub wrap: bool,
    /// Tab stops in character cells; empty means every 8 cells.
    pub tabs: Vec<u16>,
    /// The source line the block starts on (to start a node at a line).
    pub line: usize,
    pub spans: Vec<Span>,
}

impl Block {
    /// An empty left-aligned, wrapped paragraph starting at `line`.
    pub fn paragraph(line: usize) -> Block {
        Block {
            kind: BlockKind::Paragraph,
            align: Align::Left,
            indent: 0,
            first_indent: 0,
            wrap: true,
            tabs: Vec::new(),
            line,
            spans: Vec::new(),
        }
    }

    /// The block's text without styles (for tests, search and lint).
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        for span in &self.spans {
            match span {
                Span::Text { text, .. } => out.push_str(text),
                Span::Link { label, .. } => out.push_str(label),
                Span::Tab => out.push('\t'),
                Span::Break => out.push('\n'),
                Span::Image { alt, .. } => out.push_str(alt),
            }
        }
        out
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockKind {
    Paragraph,
    /// A heading, level 1 (largest) to 6.
    Heading(u8),
    /// A list item at a nesting depth (1 = outermost), with its marker
    /// ("•", "1."...).
    ListItem {
        depth: u8,
        marker: String,
    },
    /// A horizontal rule.
    Rule,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Align {
    #[default]
    Left,
    Center,
    Right,
}

/// A piece of a block.
#[derive(Clone, Debug, PartialEq)]
pub enum Span {
    Text {
        text: String,
        style: Style,
    },
    /// A button or hyperlink.
    Link {
        label: String,
        target: Target,
        style: Style,
    },
    /// Move to the next tab stop.
    Tab,
    /// A forced line break inside the block.
    Break,
    /// A picture, read by the viewer from inside the document's folder.
    Image {
        path: String,
        alt: String,
    },
}

/// How text is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    /// Fixed-pitch text (HTML <code>, AmigaGuide @{code} blocks).
    pub code: bool,
    pub fg: Pen,
    pub bg: Pen,
}

/// AmigaGuide's pens, which the viewer maps onto the machine's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pen {
    Text,
    Shine,
    Shadow,
    Fill,
    FillText,
    Background,
    Highlight,
    /// A screen pen by number (apen/bpen).
    Number(u8),
}

impl Style {
    /// Whether a space in this style shows (a background colour, an
    /// underline): such spaces are content, kept at the ends of lines.
    pub fn shows_spaces(&self) -> bool {
        self.underline || self.bg != Pen::Background
    }
}

impl Default for Style {
    /// Plain text in the text pen on the background.
    fn default() -> Style {
        Style { bold: false, italic: false, underline: false, code: false, fg: Pen::Text, bg: Pen::Background }
    }
}

/// Where a link leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A node of this document (`file` = None) or of another document in
    /// the same folder, optionally starting at a source line.
    Node { file: Option<String>, node: String, line: usize },
    /// A node of a file Parlour itself names (a game page's way to the
    /// manual), by its full path. No reader makes one: a document's own
    /// links are `Node`s and stay in its folder.
    File { path: PathBuf, node: String },
    /// A web or mail address: shown, never opened by Parlour.
    Url(String),
    /// Close the viewer.
    Close,
    /// Quit the viewer (as Close; Parlour has no separate guide program).
    Quit,
    /// An AmigaGuide RX, RXS or SYSTEM button: drawn disabled, never run.
    Command { kind: CommandKind, text: String },
}

impl Target {
    /// A node of this document.
    pub fn node(name: &str) -> Target {
        Target::Node { file: None, node: name.to_string(), line: 0 }
    }

    /// Whether choosing it does something: commands never do, and neither
    /// does a link to a file outside the document's folder.
    pub fn is_enabled(&self) -> bool {
        match self {
            Target::Command { .. } | Target::Url(_) => false,
            Target::Node { file: Some(file), .. } => stays_in_folder(file),
            _ => true,
        }
    }
}

/// Whether a link's file name stays inside the linking document's folder:
/// a relative path without `..`. Amiga paths count too, so a volume or
/// device (`HELP:x.guide`, also a drive letter) and an empty component (a
/// leading `/` or `//`, which climb to the parent on AmigaDOS) leave it.
pub fn stays_in_folder(file: &str) -> bool {
    !file.is_empty() && !file.contains(':') && file.split(['/', '\\']).all(|part| !part.is_empty() && part != "..")
}

/// Whether two node names are the same name: without regard to case
/// (of accented letters too: `CAFÉ` is `Café`) or to the spaces between
/// words, as a link or `--node` may write it (`the   Rules` is `The Rules`).
pub fn same_name(a: &str, b: &str) -> bool {
    let (mut a, mut b) = (a.split_whitespace(), b.split_whitespace());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x.chars().flat_map(char::to_lowercase).eq(y.chars().flat_map(char::to_lowercase)) => {
            }
            _ => return false,
        }
    }
}

/// A name or title as `--node` matches it loosely: in lower case, without
/// spaces, hyphens or underscores (`Klondike Draw Three` and
/// `klondike-draw-three` are both `klondikedrawthree`).
pub fn loose_key(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_')).flat_map(char::to_lowercase).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    Rx,
    Rxs,
    System,
}

impl CommandKind {
    /// The button's action as a guide writes it, and what it runs.
    pub fn describe(self) -> (&'static str, &'static str) {
        match self {
            CommandKind::Rx => ("RX", "an ARexx script"),
            CommandKind::Rxs => ("RXS", "an ARexx command"),
            CommandKind::System => ("SYSTEM", "a shell command"),
        }
    }
}

impl Document {
    /// The node called `name` (see [`same_name`]).
    pub fn node(&self, name: &str) -> Option<&Node> {
        self.nodes.iter().find(|n| same_name(&n.name, name))
    }

    /// The index of the node called `name`.
    pub fn node_index(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| same_name(&n.name, name))
    }

    /// The nodes `--node QUERY` may mean: the node so named (as a link
    /// names it, see [`same_name`]) alone where there is one; else each
    /// node whose name or shown title is the query when case, spaces,
    /// hyphens and underscores are left aside (`game-types` and
    /// `"Game types"` mean the node GameTypes, titled "Game types").
    pub fn nodes_meant(&self, query: &str) -> Vec<usize> {
        if let Some(named) = self.node_index(query) {
            return vec![named];
        }
        let wanted = loose_key(query);
        if wanted.is_empty() {
            return Vec::new();
        }
        let meant = |n: &Node| loose_key(&n.name) == wanted || loose_key(&n.title) == wanted;
        self.nodes.iter().enumerate().filter(|(_, n)| meant(n)).map(|(i, _)| i).collect()
    }

    /// Whether a link to `node` of `file` leads to nothing the viewer
    /// can show (see [`dead_links`](Document::dead_links)).
    pub fn names_dead_link(&self, file: &str, node: &str) -> bool {
        self.dead_link(file, node).is_some()
    }

    /// The first link to `node` of `file` that leads to nothing the viewer
    /// can show, if one does.
    pub fn dead_link(&self, file: &str, node: &str) -> Option<&DeadLink> {
        self.dead_links.iter().find(|d| d.file == file && same_name(&d.node, node))
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--node` finds a node as links do: case and spacing aside.
    #[test]
    fn a_node_is_found_whatever_its_case_and_spacing() {
        let node = |name: &str| Node { name: name.into(), ..Node::default() };
        let doc = Document { nodes: vec![node("Main"), node("The Rules")], ..Document::default() };
        assert_eq!(doc.node_index("  the   RULES "), Some(1));
        assert_eq!(doc.node_index("TheRules"), None);
        assert!(same_name("main", "MAIN") && !same_name("main", "main page"));
    }

    /// `--node` also finds a node by the title the viewer shows, and by
    /// its name or title written with other spaces, hyphens or
    /// underscores; a name that is a node's own wins over a loose match,
    /// and a loose match of two nodes is both.
    #[test]
    fn a_node_is_meant_by_its_name_or_title_loosely() {
        let node = |name: &str, title: &str| Node { name: name.into(), title: title.into(), ..Node::default() };
        let nodes = vec![
            node("GameTypes", "Game types"),
            node("klondike-draw-three", "Klondike Draw Three"),
            node("Terms", "Words used"),
            node("words_used", "Other words"),
            node("Game-Types-2", "Game types 2"),
        ];
        let doc = Document { nodes, ..Document::default() };
        for query in ["Game types", "game-types", "GAME_TYPES", "gametypes"] {
            assert_eq!(doc.nodes_meant(query), [0], "{query}");
        }
        assert_eq!(doc.nodes_meant("Klondike Draw Three"), [1]);
        assert_eq!(doc.nodes_meant("klondike draw-three"), [1]);
        assert_eq!(doc.nodes_meant("Words Used"), [2, 3], "two nodes: neither is picked");
        assert_eq!(doc.nodes_meant("words_used"), [3], "its own name wins");
        assert_eq!(doc.nodes_meant(" - "), Vec::<usize>::new());
        assert_eq!(doc.nodes_meant("klondike"), Vec::<usize>::new());
    }
}
