//! The AmigaGuide reader: a `.guide` file into the help [`Document`], and
//! the guide check `parlour lint` runs.
//!
//! A guide is Latin-1 text (each byte is the character with that code) in
//! lines ending LF or CR LF; one saved as UTF-8 is read as UTF-8, with a
//! warning that an Amiga would garble it. A line starting with `@` (but
//! not `@{`) is a command; every other line inside `@NODE` ... `@ENDNODE`
//! is text with inline `@{...}` attributes and buttons. Reading never stops at a
//! problem: whatever can be shown is kept, and each problem becomes a
//! diagnostic on its line.
//!
//! How the source maps onto blocks:
//!
//! - Without @WORDWRAP or @SMARTWRAP every source line is one unwrapped
//!   block; with @WORDWRAP one wrapped block. A blank line is an empty
//!   block, so vertical spacing survives. A line holding only inline
//!   commands still takes its line, as it does on the Amiga.
//! - With @SMARTWRAP, lines join (a line end becomes a space) into one
//!   wrapped block up to a blank line, which also stays as an empty block.
//! - `@{par}` ends the block and adds an empty one (the Amiga's "two line
//!   feeds"); `@{line}` is a [`Span::Break`] inside the block.
//! - Paragraph settings (lindent, pari, jcenter..., settabs) are taken by a
//!   block when its first content arrives, so `@{jcenter}Title@{jleft}`
//!   centres the title and the lines after it are left-aligned again.
//! - `@{code}` makes the following text fixed pitch and its lines hard
//!   (never joined or wrapped) until `@{body}`. A block is wrapped or not
//!   as a whole, so under @SMARTWRAP switching code on or off also ends
//!   the paragraph.
//! - `@{plain}` clears bold, italic and underline only; the pens stay, as
//!   on the Amiga, where "plain" is the soft style.
//!
//! Links: `LINK node [line]` names a node of this guide (ALINK, which
//! opened a second window on the Amiga, does the same); `LINK file/node`
//! names a file in the guide's own folder. A file that leaves
//! the folder (absolute, an Amiga volume, `..`) is an error and the link
//! is kept as written: [`Target::is_enabled`] refuses it, so the viewer
//! draws it disabled. A start line in a link counts lines of the target
//! node from 0 (its first text line) and is turned into the source line
//! blocks carry; for a node in another file that source line cannot be
//! known here, so the line is dropped with a warning. RX, RXS and SYSTEM
//! buttons become [`Target::Command`]s, which are never run; neither are
//! @ONOPEN and @ONCLOSE scripts. Each is a warning, so an author learns
//! why the button is greyed. BEEP buttons show their label.
//!
//! Errors are what leaves a reader stuck: no @DATABASE, no MAIN node (the
//! first node is shown instead; a MAIN elsewhere is moved first with a
//! warning), a node never closed (kept, blamed on its @NODE line), a node
//! without a name (left out: no link reaches it), an unclosed `@{` (the
//! rest of the line shown as written), a link to a node that is not
//! there or into a file the viewer cannot show (plain text, an empty or
//! binary guide), a macro that uses itself. Unknown or misplaced commands and text
//! outside nodes are warnings; the rest is shown: words an attribute does
//! not take (`@{b extra words}`) are shown as text with a warning, and a
//! `@{` before an attribute's `}` ends it there, so the button a forgotten
//! `}` runs into is still a button.

use std::collections::HashMap;
use std::path::Path;

use super::model::{Align, Block, CommandKind, DeadLink, Document, Node, Pen, Span, Style, Target, stays_in_folder};
use crate::core::{Diagnostic, printable};

/// How deep macros may use macros: deeper means a macro uses itself.
const MAX_MACRO_DEPTH: usize = 16;

/// How many characters macro expansion may produce in one guide, so that
/// macros which each use another many times cannot run for ever.
const MAX_MACRO_OUTPUT: usize = 1 << 20;

/// @TAB stops are listed up to this column; a guide line is rarely wider.
const MAX_TAB_COLUMN: u16 = 256;

/// AmigaGuide's own tab width, which the model's empty tab list means.
const DEFAULT_TAB: u16 = 8;

/// Reads a guide. Never fails: problems are in the document's diagnostics.
pub fn read(path: &Path, bytes: &[u8]) -> Document {
    read_with_links(path, bytes).0
}

/// Reads a guide that lies in its folder (`bytes` are the file at
/// `path`): everything [`read`] finds, plus links into other guides of
/// the same folder whose file or node does not exist, or whose file is a
/// link out of the folder, which `parlour help` tells as it opens the
/// guide just as `parlour lint` does.
pub fn read_from_file(path: &Path, bytes: &[u8]) -> Document {
    let (mut doc, links) = read_with_links(path, bytes);
    let mut others = HashMap::new();
    for link in &links {
        let Some(file) = link.file.as_deref().filter(|f| stays_in_folder(f)) else { continue };
        let (spec, node) = (format!("{file}/{}", link.node), &link.node);
        let (message, dead) = match other_file(path, file, node, &mut others) {
            OtherFile::Fine => continue,
            // The name stays in the folder by its letters, so only a
            // link on the way leads out.
            OtherFile::Outside => (leaves_folder(&spec, &format!(" ({file} is a link to elsewhere)")), false),
            OtherFile::Missing => (format!("links to {spec}, but {}", super::source::no_such_file(path, file)), false),
            OtherFile::NoNode => (format!("links to {spec}, but {file} has no node {node}"), true),
            OtherFile::Unshown(why) => (format!("links to {spec}, but {file} cannot be shown: {why}"), true),
        };
        let told = Diagnostic::error(path, link.line, message);
        if dead {
            doc.dead_links.push(DeadLink { file: file.to_string(), node: node.clone(), told: told.clone() });
        }
        doc.diagnostics.push(told);
    }
    doc.diagnostics = counted(std::mem::take(&mut doc.diagnostics));
    doc.diagnostics.sort_by_key(|d| d.line);
    doc
}

/// `diagnostics` with a problem found more than once on one line told
/// once, with how many times: a line of 3,000 `@{` is one warning, not
/// 1,500 that bury every other problem, on the terminal and in the
/// viewer's box alike.
fn counted(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let key = |d: &Diagnostic| (d.line, d.severity, d.message.clone());
    let mut times: HashMap<_, usize> = HashMap::new();
    for d in &diagnostics {
        *times.entry(key(d)).or_default() += 1;
    }
    // The first of each is kept, taking the count; the rest find none.
    let first = |mut d: Diagnostic| {
        let n = times.remove(&key(&d))?;
        if n > 1 {
            d.message = format!("{} ({n} times on this line)", d.message);
        }
        Some(d)
    };
    diagnostics.into_iter().filter_map(first).collect()
}

/// What a link into another file of the guide's folder finds there.
enum OtherFile {
    /// The file, and the node if the file is a guide.
    Fine,
    /// A link out of the folder, which is never followed.
    Outside,
    Missing,
    /// A guide without the node.
    NoNode,
    /// A file the viewer cannot show, and why: no help file by its name
    /// (plain text, which an Amiga would show whole, Parlour's viewer
    /// does not), or no text.
    Unshown(String),
}

/// What a link to `node` in `file` (beside the guide at `path`) finds.
/// Guides already read are kept in `cache` (None: not a guide).
fn other_file(path: &Path, file: &str, node: &str, cache: &mut HashMap<String, Linked>) -> OtherFile {
    let Ok(full) = super::source::beside(path, file) else { return OtherFile::Outside };
    if !full.is_file() {
        return OtherFile::Missing;
    }
    let linked = cache.entry(file.to_string()).or_insert_with(|| super::read_linked(&full).map_err(|d| d.message));
    // Only a guide's nodes are checked: the viewer opens the others'
    // pages by their own rules.
    let is_guide = full.extension().is_some_and(|e| e.eq_ignore_ascii_case("guide"));
    match linked {
        Err(why) => OtherFile::Unshown(why.clone()),
        Ok(doc) if is_guide && doc.node(node).is_none() => OtherFile::NoNode,
        Ok(_) => OtherFile::Fine,
    }
}

/// A file a link leads to, as the viewer would read it, or why it could
/// not show it.
type Linked = Result<Document, String>;

/// What is said of a link (`spec`, as written) that leaves the guide's
/// folder, `why` (if said) after it.
fn leaves_folder(spec: &str, why: &str) -> String {
    format!("link to {spec} leaves the guide's folder{why}; Parlour will not follow it")
}

/// A place the guide points at, with the line that names it, checked once
/// every node is known.
#[derive(Clone, Debug)]
struct LinkRef {
    line: usize,
    file: Option<String>,
    node: String,
}

fn read_with_links(path: &Path, bytes: &[u8]) -> (Document, Vec<LinkRef>) {
    // A byte-order mark says UTF-8, and is no part of the first line,
    // which must be @DATABASE.
    let without = crate::core::files::without_bom(bytes);
    let marked = without.len() < bytes.len();
    // UTF-16 after its mark (Notepad's "Unicode") is read as the same
    // text in UTF-8: byte by byte, it would be a NUL after every letter.
    let utf16 = crate::core::decode_utf16_marked(bytes).map(String::into_bytes);
    let bytes = utf16.as_deref().unwrap_or(without);
    let utf8 = (marked || utf16.is_some() || !bytes.is_ascii()) && std::str::from_utf8(bytes).is_ok();
    let lines = decode_lines(bytes, utf8);
    let mut reader = Reader::new(path, macro_scopes(&lines));
    if marked {
        reader.report.warning(
            1,
            "begins with a UTF-8 byte-order mark: read past here, but an Amiga shows it as \"ï»¿\" before @DATABASE",
        );
    }
    if utf16.is_some() {
        reader.report.warning(
            1,
            "saved as UTF-16 (Notepad's \"Unicode\"): read as such here, but an Amiga reads a guide as Latin-1 and \
             cannot read this one; save it as Latin-1",
        );
    }
    // Not UTF-8 as a whole, read as Latin-1: UTF-8 letters in it show as
    // two or three each.
    if !utf8 && let Some((line, message)) = crate::core::mixed_encodings(bytes, "Latin-1", char::from) {
        reader.report.warning(line, message);
    }
    if utf8
        && utf16.is_none()
        && let Some(at) = lines.iter().position(|l| !l.is_ascii())
    {
        reader.report.warning(
            at + 1,
            "saved as UTF-8: read as such here, but an Amiga reads a guide as Latin-1 and shows \"é\" as \"Ã©\"",
        );
    }
    for (index, line) in lines.iter().enumerate() {
        reader.line(index + 1, line);
    }
    reader.finish()
}

/// Every macro by the scope it serves: the guide's own, defined outside
/// nodes wherever they stand, and each node's, by the line of its @NODE. A
/// macro serves its whole scope, before its definition too, as on the
/// Amiga, which reads a guide's definitions before it shows a node; a
/// node's macro serves no other node. The last of two definitions counts.
#[derive(Default)]
struct MacroScopes {
    global: Macros,
    nodes: HashMap<usize, Macros>,
}

fn macro_scopes(lines: &[String]) -> MacroScopes {
    let mut scopes = MacroScopes::default();
    let mut node = None;
    for (index, raw) in lines.iter().enumerate() {
        let (text, _) = printable(raw);
        let Some(body) = text.strip_prefix('@').filter(|b| !b.starts_with('{')) else { continue };
        let word = first_word(body);
        match command_named(word) {
            Some((Command::Node, _)) => node = Some(index + 1),
            Some((Command::EndNode, _)) => node = None,
            Some((Command::Macro, _)) => {
                let (name, definition) = split_word(&body[word.len()..]);
                if !name.is_empty() {
                    let scope = match node {
                        Some(line) => scopes.nodes.entry(line).or_default(),
                        None => &mut scopes.global,
                    };
                    scope.insert(name.to_lowercase(), unquote(definition.trim()).to_string());
                }
            }
            _ => {}
        }
    }
    scopes
}

/// The lines of a Latin-1 file (or, where `utf8`, of a file that is
/// valid UTF-8 and more than ASCII: text that Latin-1 would garble, as no
/// Latin-1 guide of words is also valid UTF-8), without their line ends.
fn decode_lines(bytes: &[u8], utf8: bool) -> Vec<String> {
    // The last line end ends a line; it does not start an empty one.
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if utf8 {
                String::from_utf8_lossy(line).into_owned()
            } else {
                line.iter().map(|&b| char::from(b)).collect()
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Diagnostics and link references, shared by the line reader and the inline
// reader.

struct Report {
    path: std::path::PathBuf,
    diagnostics: Vec<Diagnostic>,
    links: Vec<LinkRef>,
    /// Characters macros may still produce.
    macro_budget: usize,
}

impl Report {
    fn error(&mut self, line: usize, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::error(&self.path, line, message));
    }

    fn warning(&mut self, line: usize, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::warning(&self.path, line, message));
    }

    /// The target `spec` (`node` or `file/node`) names, noted for the
    /// checks once the whole guide is read.
    fn target(&mut self, line: usize, spec: &str, start: usize) -> Target {
        let (file, node) = match spec.rsplit_once('/') {
            // `file/` opens the other file at its main node.
            Some((file, "")) => (Some(file.to_string()), "MAIN".to_string()),
            Some((file, node)) => (Some(file.to_string()), node.to_string()),
            None => (None, spec.to_string()),
        };
        let mut start = start;
        if let Some(file) = &file {
            if !stays_in_folder(file) {
                self.error(line, leaves_folder(spec, ""));
            }
            if start > 0 {
                self.warning(line, format!("the start line of a link into another file ({spec}) is not supported"));
                start = 0;
            }
        }
        self.links.push(LinkRef { line, file: file.clone(), node: node.clone() });
        Target::Node { file, node, line: start }
    }
}

// ---------------------------------------------------------------------------
// Commands.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Database,
    Version,
    Copyright,
    Author,
    Master,
    Font,
    Height,
    Width,
    Help,
    Index,
    Toc,
    DynamicNode,
    Remark,
    WordWrap,
    SmartWrap,
    Tab,
    Macro,
    OnOpen,
    OnClose,
    Node,
    EndNode,
    Title,
    Prev,
    Next,
    Keywords,
    Proportional,
}

/// Where a command may stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Global,
    InNode,
    Anywhere,
}

const COMMANDS: &[(&str, Command, Scope)] = &[
    ("DATABASE", Command::Database, Scope::Global),
    ("(C)", Command::Copyright, Scope::Global),
    ("AUTHOR", Command::Author, Scope::Global),
    ("MASTER", Command::Master, Scope::Global),
    ("HEIGHT", Command::Height, Scope::Global),
    ("WIDTH", Command::Width, Scope::Global),
    ("DNODE", Command::DynamicNode, Scope::Global),
    ("FONT", Command::Font, Scope::Anywhere),
    ("HELP", Command::Help, Scope::Anywhere),
    ("INDEX", Command::Index, Scope::Anywhere),
    ("TOC", Command::Toc, Scope::Anywhere),
    // Comments are common inside nodes too, and harmless anywhere.
    ("REM", Command::Remark, Scope::Anywhere),
    ("REMARK", Command::Remark, Scope::Anywhere),
    ("WORDWRAP", Command::WordWrap, Scope::Anywhere),
    ("SMARTWRAP", Command::SmartWrap, Scope::Anywhere),
    ("TAB", Command::Tab, Scope::Anywhere),
    ("MACRO", Command::Macro, Scope::Anywhere),
    ("ONOPEN", Command::OnOpen, Scope::Anywhere),
    ("ONCLOSE", Command::OnClose, Scope::Anywhere),
    ("NODE", Command::Node, Scope::Anywhere),
    ("ENDNODE", Command::EndNode, Scope::InNode),
    ("TITLE", Command::Title, Scope::InNode),
    ("PREV", Command::Prev, Scope::InNode),
    ("NEXT", Command::Next, Scope::InNode),
    ("KEYWORDS", Command::Keywords, Scope::InNode),
    ("PROPORTIONAL", Command::Proportional, Scope::InNode),
];

/// The command a command line's first word names (`$VER:` may have its
/// version glued on).
fn command_named(word: &str) -> Option<(Command, Scope)> {
    let upper = word.to_ascii_uppercase();
    if upper.starts_with("$VER:") {
        return Some((Command::Version, Scope::Global));
    }
    COMMANDS.iter().find(|(name, ..)| *name == upper).map(|&(_, command, scope)| (command, scope))
}

/// Settings that hold for the whole guide and that nodes start from.
struct Settings {
    wrap: Wrap,
    tabs: Vec<u16>,
    macros: Macros,
}

/// User macros by lower-case name.
type Macros = HashMap<String, String>;

/// The node being read.
struct OpenNode {
    node: Node,
    flow: Flow,
    macros: Macros,
}

struct Reader {
    doc: Document,
    report: Report,
    global: Settings,
    open: Option<OpenNode>,
    /// The line of the first node of each (lower-case) name, so that
    /// looking names up stays quick in a guide of thousands of nodes.
    node_lines: HashMap<String, usize>,
    /// Whether text outside nodes was reported since the last node, so a
    /// stray paragraph gives one warning, not one a line.
    stray_text_reported: bool,
    /// The macros of the nodes not read yet, by their @NODE line.
    node_macros: HashMap<usize, Macros>,
}

impl Reader {
    fn new(path: &Path, macros: MacroScopes) -> Reader {
        let report = Report {
            path: path.to_path_buf(),
            diagnostics: Vec::new(),
            links: Vec::new(),
            macro_budget: MAX_MACRO_OUTPUT,
        };
        let title = crate::core::files::file_name(path);
        Reader {
            doc: Document { path: path.to_path_buf(), title, ..Document::default() },
            report,
            global: Settings { wrap: Wrap::default(), tabs: Vec::new(), macros: macros.global },
            open: None,
            node_lines: HashMap::new(),
            stray_text_reported: false,
            node_macros: macros.nodes,
        }
    }

    fn line(&mut self, number: usize, raw: &str) {
        let text = self.printable(number, raw);
        let is_command = text.starts_with('@') && !text.starts_with("@{");
        if number == 1 && !is_database_line(&text) {
            self.report.error(1, "a guide must start with @DATABASE");
        }
        if is_command {
            self.command(number, &text[1..]);
        } else if let Some(open) = &mut self.open {
            let mut inline = Inline {
                line: number,
                too_deep_reported: false,
                open,
                global: &self.global.macros,
                report: &mut self.report,
            };
            inline.line(&text);
        } else if !text.trim().is_empty() && !self.stray_text_reported {
            self.report.warning(number, "text outside @NODE ... @ENDNODE is not shown");
            self.stray_text_reported = true;
        }
    }

    /// The line without control characters (see [`printable`]); a NUL or
    /// an escape in a guide is worth a warning.
    fn printable(&mut self, number: usize, raw: &str) -> String {
        let (text, warning) = printable(raw);
        if let Some(warning) = warning {
            self.report.warning(number, warning);
        }
        text.into_owned()
    }

    fn command(&mut self, line: usize, body: &str) {
        let word = first_word(body);
        let args = body[word.len()..].trim();
        let Some((command, scope)) = command_named(word) else {
            self.report.warning(line, format!("unknown command @{word} ignored"));
            return;
        };
        let inside = self.open.is_some();
        match (scope, inside) {
            (Scope::Global, true) => {
                self.report.warning(line, format!("@{word} belongs outside nodes; ignored"));
            }
            (Scope::InNode, false) => {
                self.report.warning(line, format!("@{word} outside a node ignored"));
            }
            (Scope::InNode, true) => self.node_command(line, word, command, args),
            _ => self.shared_command(line, word, command, args),
        }
    }

    /// Commands allowed outside nodes (and those allowed anywhere).
    fn shared_command(&mut self, line: usize, word: &str, command: Command, args: &str) {
        match command {
            Command::Database => self.database(line, args),
            Command::Node => self.open_node(line, args),
            Command::Toc | Command::Index | Command::Help => self.navigation(line, word, command, args),
            Command::WordWrap => self.set_wrap(Wrap::Word),
            Command::SmartWrap => self.set_wrap(Wrap::Smart),
            Command::Tab => self.tab(line, args),
            Command::Macro => self.define_macro(line, args),
            Command::OnOpen | Command::OnClose => {
                self.report.warning(line, format!("@{word} runs an ARexx script on the Amiga; Parlour never does"));
            }
            // Amiga-only facts (fonts, window size, credits, the master copy,
            // the never-implemented dynamic nodes) and comments: read, unused.
            _ => {}
        }
    }

    fn database(&mut self, line: usize, args: &str) {
        if line != 1 {
            self.report.warning(line, "@DATABASE belongs on the first line only; ignored");
        } else if !args.is_empty() {
            self.doc.title = split_word(args).0;
        }
    }

    fn node_command(&mut self, line: usize, word: &str, command: Command, args: &str) {
        match command {
            Command::EndNode => self.close_node(),
            Command::Title => {
                self.check_title_quote(line, "@TITLE", args);
                self.with_node(|node| node.title = title_text(args));
            }
            Command::Prev | Command::Next => {
                let target = self.navigation_target(line, word, args);
                let prev = command == Command::Prev;
                self.with_node(|node| *(if prev { &mut node.prev } else { &mut node.next }) = target);
            }
            Command::Keywords => self.with_node(|node| node.keywords.extend(split_words(args))),
            // @PROPORTIONAL asks for the proportional Amiga font: the viewer
            // chooses its own fonts.
            _ => {}
        }
    }

    fn with_node(&mut self, change: impl FnOnce(&mut Node)) {
        if let Some(open) = &mut self.open {
            change(&mut open.node);
        }
    }

    /// @TOC, @INDEX, @HELP: for the open node, or else for the guide.
    fn navigation(&mut self, line: usize, word: &str, command: Command, args: &str) {
        let target = self.navigation_target(line, word, args);
        let (contents, index, help) = match &mut self.open {
            Some(open) => (&mut open.node.contents, &mut open.node.index, &mut open.node.help),
            None => (&mut self.doc.contents, &mut self.doc.index, &mut self.doc.help),
        };
        let slot = match command {
            Command::Toc => contents,
            Command::Index => index,
            _ => help,
        };
        *slot = target;
    }

    fn navigation_target(&mut self, line: usize, word: &str, args: &str) -> Option<Target> {
        let (spec, _) = split_word(args);
        if spec.is_empty() {
            self.report.warning(line, format!("@{word} needs a node name"));
            return None;
        }
        Some(self.report.target(line, &spec, 0))
    }

    fn set_wrap(&mut self, wrap: Wrap) {
        match &mut self.open {
            Some(open) => open.flow.set_wrap(wrap),
            None => self.global.wrap = wrap,
        }
    }

    fn tab(&mut self, line: usize, args: &str) {
        let Some(width) = split_word(args).0.parse::<u16>().ok().filter(|&w| w > 0) else {
            self.report.warning(line, "@TAB needs a tab width from 1 to 65535");
            return;
        };
        let tabs = tab_stops(width);
        match &mut self.open {
            Some(open) => open.flow.set_default_tabs(tabs),
            None => self.global.tabs = tabs,
        }
    }

    /// Macros were gathered before reading (see [`macro_scopes`]); here
    /// only a nameless one is reported.
    fn define_macro(&mut self, line: usize, args: &str) {
        if split_word(args).0.is_empty() {
            self.report.warning(line, "@MACRO needs a name");
        }
    }

    fn open_node(&mut self, line: usize, args: &str) {
        self.close_unclosed_node();
        let (name, rest) = split_word(args);
        if name.is_empty() {
            self.report.error(line, "@NODE needs a name; no link can reach the node, so it is left out");
        } else if let Some(first) = self.node_lines.get(&name.to_lowercase()) {
            self.report.warning(line, format!("a node {name} is already on line {first}; links go to that one"));
        } else {
            self.node_lines.insert(name.to_lowercase(), line);
        }
        self.check_title_quote(line, "@NODE", rest);
        let title = match title_text(rest) {
            title if title.is_empty() => name.clone(),
            title => title,
        };
        let node = Node { name, title, line, ..Node::default() };
        let flow = Flow::new(self.global.wrap, self.global.tabs.clone());
        let macros = self.node_macros.remove(&line).unwrap_or_default();
        self.open = Some(OpenNode { node, flow, macros });
        self.stray_text_reported = false;
    }

    /// A title opened with a quotation mark and never closed: the title
    /// runs on to the end of the line, as the words of an @{ never closed
    /// are shown as they are.
    fn check_title_quote(&mut self, line: usize, command: &str, title: &str) {
        if title.trim().strip_prefix('"').is_some_and(|rest| !rest.contains('"')) {
            self.report.warning(
                line,
                format!("a quotation mark in {command}'s title is never closed; the title runs to the end of the line"),
            );
        }
    }

    /// Keeps the open node, but a nameless one: nothing could link to it,
    /// and a node without a name would stand blank in the viewer's lists.
    fn close_node(&mut self) {
        if let Some(open) = self.open.take().filter(|open| !open.node.name.is_empty()) {
            let mut node = open.node;
            node.blocks = open.flow.finish();
            self.doc.nodes.push(node);
        }
        self.stray_text_reported = false;
    }

    /// Keeps a node that a new @NODE or the end of the file cut off, with
    /// an error on the line that opened it.
    fn close_unclosed_node(&mut self) {
        if let Some(open) = &self.open {
            let (name, opened) = (&open.node.name, open.node.line);
            let node = if name.is_empty() { "the node".to_string() } else { format!("node {name}") };
            self.report.error(opened, format!("{node} (opened on line {opened}) is never closed with @ENDNODE"));
            self.close_node();
        }
    }

    fn finish(mut self) -> (Document, Vec<LinkRef>) {
        self.close_unclosed_node();
        self.main_first();
        self.check_links();
        resolve_start_lines(&mut self.doc, &self.node_lines);
        let mut report = self.report;
        report.diagnostics = counted(report.diagnostics);
        report.diagnostics.sort_by_key(|d| d.line);
        self.doc.diagnostics = report.diagnostics;
        (self.doc, report.links)
    }

    /// The viewer opens the first node, which must be MAIN.
    fn main_first(&mut self) {
        let Some(first) = self.doc.nodes.first() else {
            self.report.error(1, "the guide has no @NODE");
            return;
        };
        match self.doc.node_index("main") {
            None => {
                let message = format!("no node is called MAIN; the first node, {}, is shown first", first.name);
                self.report.error(first.line, message);
            }
            Some(0) => {}
            Some(index) => {
                let main = self.doc.nodes.remove(index);
                self.report.warning(main.line, "MAIN should be the first node; it is shown first");
                self.doc.nodes.insert(0, main);
            }
        }
    }

    /// Every link and navigation command naming a node of this guide must
    /// name one that exists.
    fn check_links(&mut self) {
        let missing: Vec<(usize, String)> = (self.report.links)
            .iter()
            .filter(|link| link.file.is_none() && !self.node_lines.contains_key(&link.node.to_lowercase()))
            .map(|link| (link.line, link.node.clone()))
            .collect();
        for (line, node) in missing {
            self.report.error(line, format!("links to node {node}, which this guide does not have"));
        }
    }
}

/// Turns each start line of a link inside the guide (counted from the
/// target node's first text line) into the source line blocks carry.
fn resolve_start_lines(doc: &mut Document, starts: &HashMap<String, usize>) {
    let spans = doc.nodes.iter_mut().flat_map(|n| &mut n.blocks).flat_map(|b| &mut b.spans);
    for span in spans {
        if let Span::Link { target: Target::Node { file: None, node, line }, .. } = span
            && *line > 0
            && let Some(start) = starts.get(&node.to_lowercase())
        {
            *line = start.saturating_add(1).saturating_add(*line);
        }
    }
}

fn is_database_line(text: &str) -> bool {
    text.strip_prefix('@').is_some_and(|body| matches!(command_named(first_word(body)), Some((Command::Database, _))))
}

/// The text up to the first white space (empty if it starts with some).
fn first_word(text: &str) -> &str {
    &text[..text.find(char::is_whitespace).unwrap_or(text.len())]
}

/// The first word of `text` (a quoted one may hold spaces and loses its
/// quotes; an unclosed quote runs to the end) and the rest after it.
fn split_word(text: &str) -> (String, &str) {
    let text = text.trim_start();
    if let Some(quoted) = text.strip_prefix('"') {
        return match quoted.split_once('"') {
            Some((word, rest)) => (word.to_string(), rest),
            None => (quoted.to_string(), ""),
        };
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    (text[..end].to_string(), &text[end..])
}

/// A title: the first word if quoted, else the whole text.
fn title_text(text: &str) -> String {
    let text = text.trim();
    if text.starts_with('"') { split_word(text).0 } else { text.to_string() }
}

/// All the words of `text`, as [`split_word`] reads them.
fn split_words(mut text: &str) -> Vec<String> {
    let mut words = Vec::new();
    while !text.trim_start().is_empty() {
        let (word, rest) = split_word(text);
        words.push(word);
        text = rest;
    }
    words
}

/// `text` without one pair of surrounding double quotes.
fn unquote(text: &str) -> &str {
    text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text)
}

/// Tab stops every `width` cells (none listed for AmigaGuide's own 8).
fn tab_stops(width: u16) -> Vec<u16> {
    match width {
        DEFAULT_TAB => Vec::new(),
        // A tab wider than any line still moves to its one stop.
        _ if width > MAX_TAB_COLUMN => vec![width],
        _ => (1..=MAX_TAB_COLUMN / width).map(|k| k * width).collect(),
    }
}

// ---------------------------------------------------------------------------
// Inline text: escapes, `@{...}` attributes, buttons and macros.

/// Reads the text lines of one node.
struct Inline<'a> {
    line: usize,
    /// Whether this line's too-deep macro was reported (a macro using
    /// itself twice would report it thousands of times).
    too_deep_reported: bool,
    open: &'a mut OpenNode,
    global: &'a Macros,
    report: &'a mut Report,
}

impl Inline<'_> {
    fn line(&mut self, text: &str) {
        self.open.flow.line = self.line;
        if text.trim_end().is_empty() {
            self.open.flow.end_line(true);
            return;
        }
        // Trailing spaces stay until the line is read: in a background
        // colour they are part of the picture.
        self.run(text, 0);
        self.open.flow.end_line(false);
    }

    /// Shows `text`, acting on its escapes and `@{...}` commands; `depth`
    /// counts the macros being expanded.
    fn run(&mut self, text: &str, depth: usize) {
        let mut plain = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if let Some(escaped) = rest.strip_prefix('\\') {
                match escaped.chars().next() {
                    Some(e @ ('@' | '\\')) => {
                        plain.push(e);
                        rest = &escaped[1..];
                    }
                    _ => {
                        plain.push('\\');
                        rest = escaped;
                    }
                }
            } else if let Some(inside) = rest.strip_prefix("@{") {
                let end = match closing_brace(inside) {
                    Ok(end) => end,
                    Err(why) => {
                        self.report.error(self.line, format!("{why}; shown as it is"));
                        plain.push_str(rest);
                        break;
                    }
                };
                self.open.flow.text(&plain);
                plain.clear();
                self.inline_command(&inside[..end.content], depth, end.cut_short);
                rest = &inside[end.resume..];
            } else {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        self.open.flow.text(&plain);
    }

    /// One `@{...}` (its `content`); `cut_short` where a `@{` inside it
    /// ended it, its `}` missing.
    fn inline_command(&mut self, content: &str, depth: usize, cut_short: bool) {
        let told = if content.trim_start().starts_with('"') {
            self.button(content);
            false
        } else {
            let words = split_words(content);
            let Some((name, args)) = words.split_first() else {
                self.report.warning(self.line, "empty @{} ignored");
                return;
            };
            let key = name.to_lowercase();
            // Macros come first: a guide may redefine the built-in attributes.
            match self.open.macros.get(&key).or_else(|| self.global.get(&key)).cloned() {
                Some(body) => {
                    self.expand(name, &body, args, depth);
                    false
                }
                None => self.attribute(&key, args) && self.unexpected_words(content, attribute_words(&key), cut_short),
            }
        };
        if cut_short && !told {
            let name = first_word(content.trim_start());
            self.report.warning(self.line, format!("@{{{name} ...}} is not closed before the next @{{"));
        }
    }

    /// Words after those attribute `content` takes (`takes`, after its
    /// name) would be lost: they are shown as text, with a warning that
    /// names them (and, where the `}` is missing, says so). Whether there
    /// were any.
    fn unexpected_words(&mut self, content: &str, takes: usize, cut_short: bool) -> bool {
        let name = first_word(content.trim_start());
        let extra = (0..=takes).try_fold(content, |rest, _| {
            let (word, rest) = split_word(rest);
            (!word.is_empty()).then_some(rest)
        });
        let Some(extra) = extra.map(str::trim_start).filter(|e| !e.trim().is_empty()) else { return false };
        let missing = if cut_short { "; is its } missing before the next @{?" } else { "" };
        let message = format!("@{{{name} ...}} has unexpected words \"{}\", shown as text{missing}", extra.trim_end());
        self.report.warning(self.line, message);
        self.open.flow.text(extra);
        true
    }

    fn expand(&mut self, name: &str, body: &str, args: &[String], depth: usize) {
        if depth >= MAX_MACRO_DEPTH {
            if !self.too_deep_reported {
                let message = format!("macro {name} nests over {MAX_MACRO_DEPTH} deep (does it use itself?)");
                self.report.error(self.line, message);
                self.too_deep_reported = true;
            }
            return;
        }
        let text = substitute(body, args);
        if text.len() > self.report.macro_budget {
            if self.report.macro_budget > 0 {
                self.report.error(self.line, "macros produce too much text; the rest are left out");
                self.report.macro_budget = 0;
            }
            return;
        }
        self.report.macro_budget -= text.len();
        self.run(&text, depth + 1);
    }

    /// A built-in attribute command; false if there is none called `name`.
    fn attribute(&mut self, name: &str, args: &[String]) -> bool {
        let flow = &mut self.open.flow;
        let style = &mut flow.style;
        match name {
            "b" | "ub" => style.bold = name == "b",
            "i" | "ui" => style.italic = name == "i",
            "u" | "uu" => style.underline = name == "u",
            "plain" => (style.bold, style.italic, style.underline) = (false, false, false),
            "apen" | "bpen" => self.pen_number(name, args),
            "fg" | "bg" => self.pen_name(name, args),
            "code" | "body" => flow.set_code(name == "code"),
            "par" => flow.paragraph_end(),
            "pard" => flow.para = Para::defaults(&flow.default_tabs),
            "pari" => {
                if let Some(n) = self.number(name, args) {
                    self.open.flow.para.first_indent = n;
                }
            }
            "lindent" => {
                if let Some(n) = self.number(name, args) {
                    self.open.flow.para.indent = n;
                }
            }
            "line" => flow.line_break(),
            "tab" => flow.tab(),
            "settabs" => self.settabs(args),
            "cleartabs" => flow.para.tabs = flow.default_tabs.clone(),
            "jleft" => flow.align(Align::Left),
            "jcenter" => flow.align(Align::Center),
            "jright" => flow.align(Align::Right),
            "amigaguide" => flow.amigaguide(),
            _ => {
                self.report.warning(self.line, format!("unknown inline command @{{{name}}} ignored"));
                return false;
            }
        }
        true
    }

    /// The number argument of `@{name n}`, or a warning saying why not.
    fn number<T: std::str::FromStr>(&mut self, name: &str, args: &[String]) -> Option<T> {
        let arg = args.first().map_or("", String::as_str);
        let n = arg.parse().ok();
        if n.is_none() {
            // A number that does not fit: below 0 where `T` takes none
            // (@{lindent -5}), else too far either way.
            let unsigned = "-1".parse::<T>().is_err();
            let why = match arg.parse::<i64>() {
                Ok(v) if v < 0 && unsigned => format!("@{{{name} {arg}}}: the number cannot be negative"),
                Ok(_) => format!("@{{{name} {arg}}}: the number is out of range"),
                Err(_) => format!("@{{{name}}} needs a number"),
            };
            self.report.warning(self.line, format!("{why}; ignored"));
        }
        n
    }

    fn pen_number(&mut self, name: &str, args: &[String]) {
        if let Some(n) = self.number::<u8>(name, args) {
            let style = &mut self.open.flow.style;
            *(if name == "apen" { &mut style.fg } else { &mut style.bg }) = Pen::Number(n);
        }
    }

    fn pen_name(&mut self, name: &str, args: &[String]) {
        let word = args.first().map(String::as_str).unwrap_or("");
        let Some(pen) = pen_named(word) else {
            self.report.warning(self.line, format!("@{{{name} {word}}}: unknown pen; ignored"));
            return;
        };
        let style = &mut self.open.flow.style;
        *(if name == "fg" { &mut style.fg } else { &mut style.bg }) = pen;
    }

    fn settabs(&mut self, args: &[String]) {
        let stops: Option<Vec<u16>> = args.iter().map(|a| a.parse().ok()).collect();
        match stops {
            Some(stops) => self.open.flow.para.tabs = stops,
            None => self.report.warning(self.line, "@{settabs} takes tab stops in columns; ignored"),
        }
    }

    /// `@{"label" action args}`.
    fn button(&mut self, content: &str) {
        let (label, rest) = split_word(content);
        let (action, args) = split_word(rest);
        let target = match action.to_lowercase().as_str() {
            "link" | "alink" => self.link_target(args),
            "close" => Some(Target::Close),
            "quit" => Some(Target::Quit),
            "rx" => Some(self.command_button(&label, CommandKind::Rx, args)),
            "rxs" => Some(self.command_button(&label, CommandKind::Rxs, args)),
            "system" => Some(self.command_button(&label, CommandKind::System, args)),
            // AmigaGuide flashes the screen; a flash would say nothing
            // here, so the label is shown as text, and that is no fault.
            "beep" => None,
            "" => {
                self.report.warning(self.line, format!("button \"{label}\" has no action; shown as text"));
                None
            }
            _ => {
                self.report.warning(self.line, format!("unknown button action {action}; shown as text"));
                None
            }
        };
        match target {
            Some(target) => self.open.flow.link(label, target),
            None => self.open.flow.text(&label),
        }
    }

    /// An RX, RXS or SYSTEM button: kept (the viewer greys it and says
    /// what it would run when clicked), with a warning that it never runs.
    fn command_button(&mut self, label: &str, kind: CommandKind, args: &str) -> Target {
        let (action, runs) = kind.describe();
        let label = label.trim();
        let why = format!("the {action} button \"{label}\" runs {runs} on the Amiga; Parlour never does, and greys it");
        self.report.warning(self.line, why);
        Target::Command { kind, text: args.trim().to_string() }
    }

    /// The target of `LINK name [line]`.
    fn link_target(&mut self, args: &str) -> Option<Target> {
        let (spec, rest) = split_word(args);
        if spec.is_empty() {
            self.report.error(self.line, "LINK needs a node name");
            return None;
        }
        let start = match split_word(rest).0.as_str() {
            "" => 0,
            n => n.parse().unwrap_or_else(|_| {
                self.report.warning(self.line, format!("link start line {n} is not a number; ignored"));
                0
            }),
        };
        Some(self.report.target(self.line, &spec, start))
    }
}

/// How many words after its name the built-in attribute `name` takes.
fn attribute_words(name: &str) -> usize {
    match name {
        "apen" | "bpen" | "fg" | "bg" | "pari" | "lindent" => 1,
        "settabs" => usize::MAX,
        _ => 0,
    }
}

/// Where an inline command ends, in the text after its `@{`.
#[derive(Debug, PartialEq, Eq)]
struct CommandEnd {
    /// The byte offset where its content ends.
    content: usize,
    /// Where the text after it resumes.
    resume: usize,
    /// Whether a `@{` ended it, its `}` missing: that `@{` starts the next
    /// command, so a button after a forgotten `}` is still a button.
    cut_short: bool,
}

/// Where the inline command starting at `text` ends: at its `}`, or at a
/// `@{` before it; or what is left open. Braces inside quotes (button
/// labels) do not count.
fn closing_brace(text: &str) -> Result<CommandEnd, &'static str> {
    let mut quoted = false;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b'}' if !quoted => return Ok(CommandEnd { content: i, resume: i + 1, cut_short: false }),
            b'@' if !quoted && text[i + 1..].starts_with('{') => {
                return Ok(CommandEnd { content: i, resume: i, cut_short: true });
            }
            _ => {}
        }
    }
    // A `}` inside an open quotation is text, so the quotation is what
    // to mend (`@{" l3 " link "MAIN}`).
    Err(if quoted { "a quotation mark in @{ is never closed" } else { "@{ is never closed with }" })
}

/// A macro body with `$1`, `$2`... replaced by the arguments (missing ones
/// by nothing).
fn substitute(body: &str, args: &[String]) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            out.push('$');
        } else if let Some(arg) = after[..digits].parse::<usize>().ok().and_then(|n| args.get(n.checked_sub(1)?)) {
            out.push_str(arg);
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// The pen an `@{fg}`/`@{bg}` name stands for.
fn pen_named(name: &str) -> Option<Pen> {
    let pens = [
        ("text", Pen::Text),
        ("shine", Pen::Shine),
        ("shadow", Pen::Shadow),
        ("fill", Pen::Fill),
        ("filltext", Pen::FillText),
        ("background", Pen::Background),
        ("back", Pen::Background),
        ("highlight", Pen::Highlight),
    ];
    pens.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, pen)| pen)
}

// ---------------------------------------------------------------------------
// Blocks: the node's text as the viewer lays it out.

/// How a node's source lines become blocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Wrap {
    /// A block a line, never wrapped.
    #[default]
    Off,
    /// A block a line, wrapped (@WORDWRAP).
    Word,
    /// Lines joined into wrapped paragraphs (@SMARTWRAP).
    Smart,
}

/// Paragraph settings, taken by each block as it starts.
#[derive(Clone, Debug)]
struct Para {
    indent: u16,
    first_indent: i16,
    align: Align,
    tabs: Vec<u16>,
}

impl Para {
    fn defaults(tabs: &[u16]) -> Para {
        Para { indent: 0, first_indent: 0, align: Align::Left, tabs: tabs.to_vec() }
    }
}

/// Builds a node's blocks from text, attributes and line ends.
struct Flow {
    wrap: Wrap,
    /// Tab stops @TAB set (empty: every 8 cells); cleartabs and pard
    /// return to them.
    default_tabs: Vec<u16>,
    style: Style,
    para: Para,
    /// Inside `@{code}` ... `@{body}`.
    code: bool,
    /// The source line being read.
    line: usize,
    /// The block being filled, if any content has arrived.
    open: Option<Block>,
    /// The space a joined line end stands for, in the style it ended in;
    /// written only if more content follows in the same block.
    pending_space: Option<Style>,
    blocks: Vec<Block>,
}

impl Flow {
    fn new(wrap: Wrap, default_tabs: Vec<u16>) -> Flow {
        Flow {
            wrap,
            para: Para::defaults(&default_tabs),
            default_tabs,
            style: Style::default(),
            code: false,
            line: 0,
            open: None,
            pending_space: None,
            blocks: Vec::new(),
        }
    }

    fn new_block(&self) -> Block {
        Block {
            indent: self.para.indent,
            first_indent: self.para.first_indent,
            align: self.para.align,
            tabs: self.para.tabs.clone(),
            wrap: self.wrap != Wrap::Off && !self.code,
            ..Block::paragraph(self.line)
        }
    }

    /// The block new content goes into, with the space of a joined line
    /// end written first.
    fn content_block(&mut self) -> &mut Block {
        let block = match self.open.take() {
            Some(block) => block,
            None => self.new_block(),
        };
        let block = self.open.insert(block);
        if let Some(style) = self.pending_space.take() {
            push_text(&mut block.spans, " ", style);
        }
        block
    }

    /// Text in the current style; tab characters are tab spans.
    fn text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let style = self.style;
        let block = self.content_block();
        for (i, piece) in text.split('\t').enumerate() {
            if i > 0 {
                block.spans.push(Span::Tab);
            }
            push_text(&mut block.spans, piece, style);
        }
    }

    fn link(&mut self, label: String, target: Target) {
        let style = self.style;
        self.content_block().spans.push(Span::Link { label, target, style });
    }

    fn tab(&mut self) {
        self.content_block().spans.push(Span::Tab);
    }

    /// `@{amigaguide}`: the name, in bold.
    fn amigaguide(&mut self) {
        let style = Style { bold: true, ..self.style };
        push_text(&mut self.content_block().spans, "Amigaguide", style);
    }

    /// `@{line}`: a new line in the same block.
    fn line_break(&mut self) {
        self.pending_space = None;
        self.content_block().spans.push(Span::Break);
    }

    /// `@{par}`: the block ends, and an empty one keeps the paragraph gap.
    fn paragraph_end(&mut self) {
        self.end_block();
        self.blocks.push(self.new_block());
    }

    fn end_block(&mut self) {
        self.pending_space = None;
        if let Some(block) = self.open.take() {
            self.blocks.push(block);
        }
    }

    /// The end of a source line (`blank`: one with nothing on it).
    fn end_line(&mut self, blank: bool) {
        self.trim_blank_end();
        if blank {
            self.end_block();
            self.blocks.push(self.new_block());
        } else if self.joins_lines() {
            // After a forced break the next line starts afresh, no space.
            if self.open.as_ref().is_some_and(|b| !matches!(b.spans.last(), None | Some(Span::Break))) {
                self.pending_space = Some(self.style);
            }
        } else {
            if self.open.is_none() {
                self.open = Some(self.new_block());
            }
            self.end_block();
        }
    }

    /// Drops the spaces that end the source line but show nothing (see
    /// [`Style::shows_spaces`]), as an editor would.
    fn trim_blank_end(&mut self) {
        let Some(block) = &mut self.open else { return };
        while let Some(Span::Text { text, style }) = block.spans.last_mut()
            && !style.shows_spaces()
        {
            let kept = text.trim_end_matches(' ').len();
            if kept > 0 {
                text.truncate(kept);
                break;
            }
            block.spans.pop();
        }
    }

    /// `@{jleft}`, `@{jcenter}`, `@{jright}`: from the next content on. A
    /// line break just before ends the block there, so the lines after it
    /// take the new alignment (a block has one).
    fn align(&mut self, align: Align) {
        if self.open.as_ref().is_some_and(|b| matches!(b.spans.last(), Some(Span::Break))) {
            let mut block = self.open.take().expect("checked");
            block.spans.pop();
            self.blocks.push(block);
        }
        self.para.align = align;
    }

    fn joins_lines(&self) -> bool {
        self.wrap == Wrap::Smart && !self.code
    }

    fn set_code(&mut self, code: bool) {
        if code != self.code && self.wrap == Wrap::Smart {
            self.end_block();
        }
        self.code = code;
        self.style.code = code;
    }

    fn set_wrap(&mut self, wrap: Wrap) {
        self.end_block();
        self.wrap = wrap;
    }

    fn set_default_tabs(&mut self, tabs: Vec<u16>) {
        self.para.tabs = tabs.clone();
        self.default_tabs = tabs;
    }

    fn finish(mut self) -> Vec<Block> {
        self.end_block();
        self.blocks
    }
}

/// Appends text, joining it to the last span when the style is the same.
fn push_text(spans: &mut Vec<Span>, text: &str, style: Style) {
    if text.is_empty() {
        return;
    }
    if let Some(Span::Text { text: last, style: last_style }) = spans.last_mut()
        && *last_style == style
    {
        last.push_str(text);
        return;
    }
    spans.push(Span::Text { text: text.to_string(), style });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Severity;

    fn guide(text: &str) -> Document {
        read(Path::new("t.guide"), text.as_bytes())
    }

    /// A guide of one MAIN node holding `body`, after `globals`.
    fn main_node(globals: &str, body: &str) -> Document {
        guide(&format!("@DATABASE t\n{globals}@NODE MAIN \"Main\"\n{body}\n@ENDNODE\n"))
    }

    fn texts(node: &Node) -> Vec<String> {
        node.blocks.iter().map(Block::plain_text).collect()
    }

    /// (line, is error, message) of each diagnostic.
    fn problems(doc: &Document) -> Vec<(usize, bool, String)> {
        doc.diagnostics.iter().map(|d| (d.line, d.severity == Severity::Error, d.message.clone())).collect()
    }

    fn assert_clean(doc: &Document) {
        assert!(doc.diagnostics.is_empty(), "{:?}", problems(doc));
    }

    /// The only diagnostic: its line and whether it is an error.
    fn only_problem(doc: &Document) -> (usize, bool) {
        let problems = problems(doc);
        assert_eq!(problems.len(), 1, "{problems:?}");
        (problems[0].0, problems[0].1)
    }

    /// A problem found again and again on one line is told once, with how
    /// many times; the same problem on another line is told there.
    #[test]
    fn a_problem_repeated_on_a_line_is_told_once_with_a_count() {
        let doc = main_node("", &format!("{}\nx @{{}}", "@{} ".repeat(1500)));
        let problems = problems(&doc);
        let empty: Vec<_> = problems.iter().filter(|p| p.2.starts_with("empty @{} ignored")).collect();
        assert_eq!(empty.len(), 2, "the first three: {:?}", &problems[..problems.len().min(3)]);
        assert!(empty[0].2.ends_with(" ignored (1500 times on this line)"), "{:?}", empty[0]);
        assert_eq!(empty[1].2, "empty @{} ignored");
    }

    /// A number that does not fit and a quotation left open are told as
    /// what they are, not as a missing number or a missing `}`.
    #[test]
    fn numbers_out_of_range_and_open_quotes_are_named() {
        let said = |body: &str| problems(&main_node("", body)).into_iter().map(|(_, _, m)| m).collect::<Vec<_>>();
        assert_eq!(said("@{lindent -5}x"), ["@{lindent -5}: the number cannot be negative; ignored"]);
        assert_eq!(said("@{pari -2}x"), Vec::<String>::new(), "a first line may stand out to the left");
        assert_eq!(said("@{apen 300}x"), ["@{apen 300}: the number is out of range; ignored"]);
        assert_eq!(said("@{lindent x}x"), ["@{lindent} needs a number; ignored"]);
        assert_eq!(said("@{\" l3 \" link \"MAIN}"), ["a quotation mark in @{ is never closed; shown as it is"]);
        assert_eq!(said("@{b x"), ["@{ is never closed with }; shown as it is"]);
    }

    /// The spans of all blocks of a node.
    fn spans(node: &Node) -> Vec<Span> {
        node.blocks.iter().flat_map(|b| b.spans.clone()).collect()
    }

    fn styled(text: &str, change: impl FnOnce(&mut Style)) -> Span {
        let mut style = Style::default();
        change(&mut style);
        Span::Text { text: text.into(), style }
    }

    #[test]
    fn reads_nodes_titles_and_navigation() {
        let doc = guide(
            "@database \"My Guide\"\n@$VER: t.guide 1.0 (1.1.95)\n@toc Main\n@index Idx\n@help Idx\n\
             @node Main \"Contents\"\nHello\n@endnode\n\
             @NODE Idx\n@TITLE \"The index\"\n@PREV main\n@NEXT other.guide/Intro\n@TOC Main\n@INDEX Idx\n@HELP Main\n\
             @KEYWORDS pegs \"peg solitaire\"\nWords\n@ENDNODE\n",
        );
        assert_clean(&doc);
        assert_eq!(doc.title, "My Guide");
        assert_eq!((doc.contents.clone(), doc.index.clone()), (Some(Target::node("Main")), Some(Target::node("Idx"))));
        assert_eq!(doc.help, Some(Target::node("Idx")));
        let [main, index] = &doc.nodes[..] else { panic!("{:?}", doc.nodes) };
        assert_eq!((main.name.as_str(), main.title.as_str(), main.line), ("Main", "Contents", 6));
        assert_eq!(texts(main), ["Hello"]);
        assert_eq!((index.title.as_str(), index.prev.clone()), ("The index", Some(Target::node("main"))));
        let next = Target::Node { file: Some("other.guide".into()), node: "Intro".into(), line: 0 };
        assert_eq!(index.next, Some(next));
        assert_eq!(
            (index.contents.clone(), index.help.clone()),
            (Some(Target::node("Main")), Some(Target::node("Main")))
        );
        assert_eq!(index.keywords, ["pegs", "peg solitaire"]);
    }

    #[test]
    fn unquoted_titles_and_untitled_nodes() {
        let doc = guide("@DATABASE\n@NODE MAIN Table of contents\n@ENDNODE\n@NODE Other\n@ENDNODE\n");
        assert_clean(&doc);
        assert_eq!(doc.title, "t.guide", "a nameless database is called after its file");
        assert_eq!(doc.nodes[0].title, "Table of contents");
        assert_eq!(doc.nodes[1].title, "Other");
    }

    #[test]
    fn amiga_only_commands_are_read_and_ignored() {
        let doc = guide(
            "@DATABASE t\n@(c) 1995 someone\n@AUTHOR someone\n@MASTER work:t.doc\n@FONT topaz.font 8\n@HEIGHT 20\n\
             @WIDTH 70\n@DNODE old\n@REM a comment\n@remark another\n@NODE MAIN\n@FONT topaz.font 8\n@PROPORTIONAL\n\
             @REM inside\nText\n@ENDNODE\n",
        );
        assert_clean(&doc);
        assert_eq!(texts(&doc.nodes[0]), ["Text"]);
    }

    #[test]
    fn scripts_are_never_run_and_say_so() {
        let doc = guide("@DATABASE t\n@ONOPEN x.rexx\n@NODE MAIN\n@ONCLOSE y.rexx\n@ENDNODE\n");
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(2, false), (4, false)]);
        assert!(problems[0].2.contains("never"), "{problems:?}");
    }

    #[test]
    fn each_line_is_a_block_without_wrapping() {
        let doc = main_node("", "one\n\n  two\n@{b}\nthree");
        assert_clean(&doc);
        let node = &doc.nodes[0];
        assert_eq!(texts(node), ["one", "", "  two", "", "three"]);
        assert!(node.blocks.iter().all(|b| !b.wrap));
        assert_eq!(node.blocks.iter().map(|b| b.line).collect::<Vec<_>>(), [3, 4, 5, 6, 7]);
    }

    #[test]
    fn wordwrap_wraps_each_line() {
        let doc = main_node("@WORDWRAP\n", "a long line\nanother");
        assert_eq!(texts(&doc.nodes[0]), ["a long line", "another"]);
        assert!(doc.nodes[0].blocks.iter().all(|b| b.wrap));
    }

    #[test]
    fn smartwrap_joins_lines_into_paragraphs() {
        let doc = main_node(
            "@SMARTWRAP\n",
            "first line  \nsecond @{b}bold\n\nnext@{par}after@{line}broken\nlast@{line}\nend",
        );
        assert_clean(&doc);
        let node = &doc.nodes[0];
        assert_eq!(texts(node), ["first line second bold", "", "next", "", "after\nbroken last\nend"]);
        assert!(node.blocks.iter().all(|b| b.wrap));
        assert_eq!(node.blocks.iter().map(|b| b.line).collect::<Vec<_>>(), [4, 6, 7, 7, 7]);
    }

    #[test]
    fn node_wrapping_overrides_the_guide() {
        let doc = guide("@DATABASE t\n@WORDWRAP\n@NODE MAIN\n@SMARTWRAP\na\nb\n@ENDNODE\n@NODE two\na\nb\n@ENDNODE\n");
        assert_eq!(texts(&doc.nodes[0]), ["a b"]);
        assert_eq!(texts(&doc.nodes[1]), ["a", "b"]);
        assert!(doc.nodes[1].blocks[0].wrap);
    }

    #[test]
    fn text_styles() {
        let doc = main_node("", "@{b}B@{ub}@{i}I@{ui}@{u}U@{uu}@{b}@{i}@{u}all@{plain}plain");
        assert_clean(&doc);
        assert_eq!(
            spans(&doc.nodes[0]),
            [
                styled("B", |s| s.bold = true),
                styled("I", |s| s.italic = true),
                styled("U", |s| s.underline = true),
                styled("all", |s| (s.bold, s.italic, s.underline) = (true, true, true)),
                styled("plain", |_| {}),
            ]
        );
    }

    #[test]
    fn pens() {
        let doc = main_node(
            "",
            "@{apen 3}@{bpen 2}a@{fg shine}@{bg Shadow}b@{fg FILL}@{bg filltext}c@{fg highlight}@{bg back}d\
             @{fg text}@{bg background}e@{plain}f",
        );
        assert_clean(&doc);
        let pens = |fg, bg| move |s: &mut Style| (s.fg, s.bg) = (fg, bg);
        assert_eq!(
            spans(&doc.nodes[0]),
            [
                styled("a", pens(Pen::Number(3), Pen::Number(2))),
                styled("b", pens(Pen::Shine, Pen::Shadow)),
                styled("c", pens(Pen::Fill, Pen::FillText)),
                styled("d", pens(Pen::Highlight, Pen::Background)),
                styled("ef", |_| {}),
            ],
            "plain keeps the pens"
        );
    }

    #[test]
    fn paragraph_settings_apply_from_the_next_block() {
        let doc = main_node(
            "",
            "@{lindent 4}@{pari -2}@{jcenter}@{settabs 4 10}a@{jleft}\nb\n@{jright}@{cleartabs}c\n@{pard}d",
        );
        assert_clean(&doc);
        let blocks = &doc.nodes[0].blocks;
        let settings: Vec<_> = blocks.iter().map(|b| (b.indent, b.first_indent, b.align, b.tabs.clone())).collect();
        assert_eq!(
            settings,
            [
                (4, -2, Align::Center, vec![4, 10]),
                (4, -2, Align::Left, vec![4, 10]),
                (4, -2, Align::Right, vec![]),
                (0, 0, Align::Left, vec![]),
            ]
        );
    }

    #[test]
    fn tab_width_sets_the_default_stops() {
        let doc = guide(
            "@DATABASE t\n@TAB 4\n@NODE MAIN\na\n@{settabs 3}@{cleartabs}b\n@ENDNODE\n@NODE two\n@TAB 8\nc\n@ENDNODE\n",
        );
        assert_clean(&doc);
        let main = &doc.nodes[0].blocks;
        assert_eq!(main[0].tabs[..3], [4, 8, 12]);
        assert_eq!(main[0].tabs.last(), Some(&MAX_TAB_COLUMN));
        assert_eq!(main[1].tabs, main[0].tabs, "cleartabs returns to @TAB");
        assert!(doc.nodes[1].blocks[0].tabs.is_empty(), "@TAB 8 is the default");
        assert_eq!(tab_stops(100), [100, 200]);
        assert_eq!(tab_stops(u16::MAX), [u16::MAX]);
    }

    #[test]
    fn tabs_line_breaks_and_the_amigaguide_name() {
        let doc = main_node("", "a\tb@{tab}c@{line}@{i}@{amigaguide}");
        assert_clean(&doc);
        assert_eq!(
            spans(&doc.nodes[0]),
            [
                styled("a", |_| {}),
                Span::Tab,
                styled("b", |_| {}),
                Span::Tab,
                styled("c", |_| {}),
                Span::Break,
                styled("Amigaguide", |s| (s.bold, s.italic) = (true, true)),
            ]
        );
    }

    #[test]
    fn code_is_fixed_pitch_unwrapped_and_keeps_its_lines() {
        let doc = main_node("@SMARTWRAP\n", "text\n@{code}  x = 1\n  y = 2\n@{body}more\nwords");
        assert_clean(&doc);
        let node = &doc.nodes[0];
        assert_eq!(texts(node), ["text", "  x = 1", "  y = 2", "more words"]);
        assert_eq!(node.blocks.iter().map(|b| b.wrap).collect::<Vec<_>>(), [true, false, false, true]);
        assert_eq!(node.blocks[1].spans, [styled("  x = 1", |s| s.code = true)]);
        assert_eq!(node.blocks[3].spans, [styled("more words", |_| {})]);
    }

    #[test]
    fn escapes() {
        let doc = main_node("", "mail\\@home, \\\\ and \\x, a@b, \\@{b}not bold");
        assert_clean(&doc);
        assert_eq!(spans(&doc.nodes[0]), [styled("mail@home, \\ and \\x, a@b, @{b}not bold", |_| {})]);
        let doc = main_node("", "\\@NODE is text");
        assert_eq!(texts(&doc.nodes[0]), ["@NODE is text"]);
    }

    #[test]
    fn latin1_and_crlf() {
        let bytes = b"@DATABASE t\r\n@NODE MAIN \"Caf\xE9\"\r\nd\xE9j\xE0 vu \xA9\r\n@ENDNODE\r\n";
        let doc = read(Path::new("t.guide"), bytes);
        assert_clean(&doc);
        assert_eq!(doc.nodes[0].title, "Café");
        assert_eq!(texts(&doc.nodes[0]), ["déjà vu ©"]);
    }

    /// A guide saved as UTF-8 (an editor's default today) is read as
    /// UTF-8, with a warning of what an Amiga would show.
    #[test]
    fn a_utf8_guide_reads_as_utf8_with_a_warning() {
        let doc = read(Path::new("t.guide"), "@DATABASE t\n@NODE MAIN \"Café\"\ndéjà vu\n@ENDNODE\n".as_bytes());
        assert_eq!(doc.nodes[0].title, "Café");
        assert_eq!(texts(&doc.nodes[0]), ["déjà vu"]);
        assert_eq!(only_problem(&doc), (2, false));
        assert!(doc.diagnostics[0].message.contains("UTF-8"), "{}", doc.diagnostics[0].message);
    }

    /// A guide in UTF-8 but for one Latin-1 letter is read as Latin-1, as
    /// an Amiga reads it, and the first UTF-8 line is told of as it shows.
    #[test]
    fn a_guide_of_two_encodings_is_told_of_where_it_shows() {
        let doc = read(Path::new("t.guide"), b"@DATABASE t\n@NODE MAIN\ncaf\xe9\nK\xc3\xb6nig\n@ENDNODE\n");
        assert_eq!(texts(&doc.nodes[0]), ["caf\u{e9}", "K\u{c3}\u{b6}nig"]);
        assert_eq!(only_problem(&doc), (4, false));
        let said = &doc.diagnostics[0].message;
        assert!(said.contains("UTF-8 but line 3 is not") && said.contains("`K\u{c3}\u{b6}nig`"), "{said}");
    }

    /// A byte-order mark before @DATABASE (as some editors save UTF-8) is
    /// skipped, with a warning of what an Amiga would show, and the rest
    /// is read as UTF-8.
    #[test]
    fn a_byte_order_mark_is_skipped_with_a_warning() {
        let doc = read(Path::new("t.guide"), "\u{feff}@DATABASE t\n@NODE MAIN \"Caf\u{e9}\"\nx\n@ENDNODE\n".as_bytes());
        assert_eq!(doc.nodes[0].title, "Caf\u{e9}");
        assert!(doc.diagnostics.iter().all(|d| !d.is_error()), "{:?}", doc.diagnostics);
        assert!(doc.diagnostics[0].message.contains("byte-order mark"), "{}", doc.diagnostics[0].message);
        let plain = read(Path::new("t.guide"), b"\xEF\xBB\xBF@DATABASE t\n@NODE MAIN\nx\n@ENDNODE\n");
        assert_eq!((plain.diagnostics.len(), texts(&plain.nodes[0])), (1, vec!["x".to_string()]));
    }

    #[test]
    fn control_characters_are_dropped_with_a_warning() {
        let doc = read(Path::new("t.guide"), b"@DATABASE t\n@NODE MAIN\na\x00b\x1b[0m\n@ENDNODE\n");
        assert_eq!(only_problem(&doc), (3, false));
        assert_eq!(texts(&doc.nodes[0]), ["ab[0m"]);
    }

    #[test]
    fn buttons() {
        let doc = guide(
            "@DATABASE t\n@NODE MAIN\n@{\" Two words \" link Other}@{\"a}b\" ALINK \"Other\" 2}\
             @{\"x\" link sub/more.guide/Node}@{\"y\" link more.guide/}\n\
             @{\"c\" close}@{\"q\" QUIT}@{\"r\" rx \"script.rexx\" 1}@{\"s\" rxs say 1}@{\"d\" system dir df0:}\n\
             @ENDNODE\n@NODE Other\none\ntwo\nthree\n@ENDNODE\n",
        );
        // The command buttons are kept, greyed, and said never to run.
        let said: Vec<String> =
            problems(&doc).into_iter().map(|(line, error, m)| format!("{line} {error} {m}")).collect();
        assert_eq!(
            said,
            [
                "4 false the RX button \"r\" runs an ARexx script on the Amiga; Parlour never does, and greys it",
                "4 false the RXS button \"s\" runs an ARexx command on the Amiga; Parlour never does, and greys it",
                "4 false the SYSTEM button \"d\" runs a shell command on the Amiga; Parlour never does, and greys it",
            ]
        );
        let links: Vec<(String, Target)> = spans(&doc.nodes[0])
            .into_iter()
            .filter_map(|s| match s {
                Span::Link { label, target, .. } => Some((label, target)),
                _ => None,
            })
            .collect();
        let other = |file: &str, node: &str| Target::Node { file: Some(file.into()), node: node.into(), line: 0 };
        let command = |kind, text: &str| Target::Command { kind, text: text.into() };
        let expected = [
            (" Two words ", Target::node("Other")),
            // Line 2 of Other, counted from 0 at its first text line (7).
            ("a}b", Target::Node { file: None, node: "Other".into(), line: 9 }),
            ("x", other("sub/more.guide", "Node")),
            ("y", other("more.guide", "MAIN")),
            ("c", Target::Close),
            ("q", Target::Quit),
            ("r", command(CommandKind::Rx, "\"script.rexx\" 1")),
            ("s", command(CommandKind::Rxs, "say 1")),
            ("d", command(CommandKind::System, "dir df0:")),
        ];
        let expected: Vec<_> = expected.into_iter().map(|(l, t)| (l.to_string(), t)).collect();
        assert_eq!(links, expected);
        assert!(links.iter().all(|(_, t)| t.is_enabled() == !matches!(t, Target::Command { .. })));
    }

    /// A button without an action, or with a link to nowhere, is its label
    /// with a problem; a BEEP button (a real V39 action, whose flash would
    /// say nothing here) is its label without one.
    #[test]
    fn buttons_that_cannot_work_show_their_label() {
        let doc = main_node("", "@{\"beep\" beep}@{\"none\"}@{\"gone\" link}");
        assert_eq!(texts(&doc.nodes[0]), ["beepnonegone"]);
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| p.1).collect::<Vec<_>>(), [false, true], "{problems:?}");
        assert!(problems.iter().all(|p| !p.2.contains("beep")), "{problems:?}");
    }

    #[test]
    fn links_may_not_leave_the_folder() {
        for file in ["/abs/x.guide", "../x.guide", "a/../../x.guide", "HELP:x.guide", "a//x.guide", "C:\\x.guide"] {
            let doc = main_node("", &format!("@{{\"out\" link {file}/MAIN}}"));
            assert_eq!(only_problem(&doc), (3, true), "{file}");
            let [Span::Link { target, .. }] = &spans(&doc.nodes[0])[..] else { panic!("{file}") };
            assert!(!target.is_enabled(), "{file}");
        }
        assert!(stays_in_folder("x.guide") && stays_in_folder("./sub/x.guide"));
    }

    #[test]
    fn start_lines_into_other_files_are_dropped() {
        let doc = main_node("", "@{\"x\" link x.guide/MAIN 5}@{\"y\" link MAIN what}");
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(3, false), (3, false)]);
        let links: Vec<_> = spans(&doc.nodes[0]).into_iter().filter(|s| matches!(s, Span::Link { .. })).collect();
        assert!(links.iter().all(|s| matches!(s, Span::Link { target: Target::Node { line: 0, .. }, .. })));
    }

    /// The text of each line of `node` as laid out in cells of 8 pixels,
    /// with each link's label in brackets.
    fn laid_out(node: &Node) -> Vec<String> {
        use crate::help::layout::{Face, Measure, Piece, layout};
        struct Cells;
        impl Measure for Cells {
            fn text_width(&self, text: &str, _: Face) -> i32 {
                8 * text.chars().count() as i32
            }
            fn line_height(&self, _: Face) -> i32 {
                10
            }
            fn ascent(&self, _: Face) -> i32 {
                8
            }
            fn cell(&self) -> i32 {
                8
            }
            fn image_size(&self, _: &str) -> Option<(i32, i32)> {
                None
            }
        }
        let lines = layout(node, 640, &Cells).lines;
        let piece = |p: &Piece| match p {
            Piece::Text { text, link: Some(_), .. } => format!("[{text}]"),
            Piece::Text { text, .. } => text.clone(),
            _ => String::new(),
        };
        lines.iter().map(|l| l.items.iter().map(|i| piece(&i.piece)).collect()).collect()
    }

    #[test]
    fn blank_buttons_and_coloured_spaces_keep_their_place() {
        // A noughts-and-crosses board: every square a blank button.
        let row = "@{\" \" link MAIN}|@{\" \" link MAIN}|@{\" \" link MAIN}";
        let doc = main_node("", &format!("{row}\n{row}\n@{{bg fill}}x   \n@{{bg fill}}   @{{bg back}}\nplain   "));
        assert_clean(&doc);
        assert_eq!(laid_out(&doc.nodes[0]), ["[ ]|[ ]|[ ]", "[ ]|[ ]|[ ]", "x   ", "   ", "plain"]);
        let fill = |t: &str| styled(t, |s| s.bg = Pen::Fill);
        assert_eq!(doc.nodes[0].blocks[2].spans, [fill("x   ")]);
    }

    #[test]
    fn an_alignment_after_a_line_break_starts_a_new_line_aligned() {
        let doc = main_node("", "Left@{line}@{jcenter}Centred@{line}@{jright}Right\nStill right");
        assert_clean(&doc);
        let blocks: Vec<(String, Align)> = doc.nodes[0].blocks.iter().map(|b| (b.plain_text(), b.align)).collect();
        assert_eq!(
            blocks,
            [
                ("Left".to_string(), Align::Left),
                ("Centred".to_string(), Align::Center),
                ("Right".to_string(), Align::Right),
                ("Still right".to_string(), Align::Right),
            ]
        );
    }

    #[test]
    fn macros_hold_in_their_whole_scope() {
        // A global macro serves every node, wherever it is defined outside
        // nodes; a node's macro serves that whole node and no other.
        let doc = guide(
            "@DATABASE t\n@NODE MAIN\n@{later x} @{local y}\n@MACRO local \"<$1>\"\n@ENDNODE\n\
             @MACRO later \"[$1]\"\n@NODE two\n@{later z} @{local w}\n@ENDNODE\n",
        );
        let problems = problems(&doc);
        assert_eq!(texts(&doc.nodes[0]), ["[x] <y>"]);
        assert_eq!(texts(&doc.nodes[1]), ["[z]"], "a node's macro leaked out of it");
        assert_eq!(problems, [(8, false, "unknown inline command @{local} ignored".to_string())]);
    }

    #[test]
    fn links_to_other_guides_ignore_case() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Other.Guide"), "@DATABASE o\n@NODE MAIN\n@ENDNODE\n@NODE Part\n@ENDNODE\n")
            .unwrap();
        let main = dir.path().join("main.guide");
        let text = "@DATABASE m\n@NODE MAIN\n@{\"a\" link OTHER.GUIDE/part}@{\"b\" link other.guide/nope}\n@ENDNODE\n";
        std::fs::write(&main, text).unwrap();
        let found: Vec<String> = crate::help::lint(&main).iter().map(|d| d.message.clone()).collect();
        assert_eq!(found, ["links to other.guide/nope, but other.guide has no node nope"]);
    }

    #[test]
    fn macros() {
        let doc = guide(
            "@DATABASE t\n@MACRO em \"@{i}$1@{ui}\"\n@MACRO pair $2-$1$3\n@macro B @{u}\n\
             @NODE MAIN\n@MACRO em \"<$1>\"\n@{em \"two words\"} @{pair a b} @{PAIR x}\n@ENDNODE\n\
             @NODE two\n@{em x}@{b}u\n@ENDNODE\n",
        );
        assert_clean(&doc);
        assert_eq!(texts(&doc.nodes[0]), ["<two words> b-a -x"], "a node's macros come first");
        assert_eq!(spans(&doc.nodes[1]), [styled("x", |s| s.italic = true), styled("u", |s| s.underline = true),]);
    }

    #[test]
    fn recursive_macros_are_an_error_not_a_crash() {
        let doc = main_node("@MACRO a \"x@{a}@{a}\"\n@MACRO b @{b}\n", "@{a}\n@{b}");
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(5, true), (6, true)], "{problems:?}");
        let doc = main_node(&format!("@MACRO w \"{}\"\n", "@{w}".repeat(40)), "@{w}");
        assert!(doc.has_errors());
    }

    #[test]
    fn no_database() {
        let doc = guide("@NODE MAIN\ntext\n@ENDNODE\n");
        assert_eq!(only_problem(&doc), (1, true));
        assert_eq!(texts(&doc.nodes[0]), ["text"]);
        let empty = problems(&guide(""));
        assert_eq!(empty.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(1, true), (1, true)], "{empty:?}");
        let doc = guide("\n@DATABASE late\n@NODE MAIN\n@ENDNODE\n");
        assert_eq!(problems(&doc).iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(1, true), (2, false)]);
    }

    #[test]
    fn no_main_node() {
        let doc = guide("@DATABASE t\n\n@NODE First\na\n@ENDNODE\n@NODE Second\n@ENDNODE\n");
        assert_eq!(only_problem(&doc), (3, true));
        assert_eq!(doc.nodes[0].name, "First");
        let doc = guide("@DATABASE t\n@NODE First\n@ENDNODE\n@NODE Main\n@ENDNODE\n");
        assert_eq!(only_problem(&doc), (4, false));
        assert_eq!(doc.nodes[0].name, "Main", "MAIN is moved first");
    }

    #[test]
    fn node_never_closed() {
        let doc = guide("@DATABASE t\n@NODE MAIN\na\n@NODE two\nb\n");
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(2, true), (4, true)]);
        assert!(problems[0].2.contains("line 2"), "{problems:?}");
        assert_eq!(doc.nodes.iter().map(texts).collect::<Vec<_>>(), [["a"], ["b"]]);
    }

    #[test]
    fn unclosed_inline_command() {
        let doc = main_node("", "ok\n@{b}bold @{\"label\" link MAIN and more");
        assert_eq!(only_problem(&doc), (4, true));
        assert_eq!(texts(&doc.nodes[0])[1], "bold @{\"label\" link MAIN and more");
    }

    #[test]
    fn link_to_a_missing_node() {
        let doc = main_node("@INDEX nowhere\n", "\n@{\" x \" link Missing}");
        let problems = problems(&doc);
        assert_eq!(problems.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(), [(2, true), (5, true)]);
        assert!(problems[1].2.contains("Missing"), "{problems:?}");
    }

    #[test]
    fn unknown_commands_only_warn() {
        let doc = main_node("@WHATEVER x\n", "a @{blink} b @{} c @{fg purple}@{apen 300}@{lindent x}d\n@FROB\ne");
        let problems = problems(&doc);
        assert!(problems.iter().all(|p| !p.1), "{problems:?}");
        assert_eq!(problems.iter().map(|p| p.0).collect::<Vec<_>>(), [2, 4, 4, 4, 4, 4, 5]);
        assert_eq!(texts(&doc.nodes[0]), ["a  b  c d", "e"]);
    }

    /// A tab width out of range is told as such, too large or too small
    /// (65536 was once told it needed "1 or more").
    #[test]
    fn a_tab_width_out_of_range_is_told_its_range() {
        for width in ["0", "65536", "wide"] {
            let doc = guide(&format!("@DATABASE t\n@TAB {width}\n@NODE MAIN\na\n@ENDNODE\n"));
            let said: Vec<_> = problems(&doc).into_iter().map(|p| (p.0, p.2)).collect();
            assert_eq!(said, [(2, "@TAB needs a tab width from 1 to 65535".to_string())], "{width}");
        }
    }

    #[test]
    fn misplaced_commands_and_stray_text_warn() {
        let doc =
            guide("@DATABASE t\n@TITLE x\n@ENDNODE\nstray\nmore stray\n@NODE MAIN\n@AUTHOR me\n@NODE MAIN\n@ENDNODE\n");
        let problems = problems(&doc);
        let lines: Vec<_> = problems.iter().map(|p| (p.0, p.1)).collect();
        assert_eq!(lines, [(2, false), (3, false), (4, false), (6, true), (7, false), (8, false)], "{problems:?}");
    }

    #[test]
    fn lint_checks_links_into_other_guides() {
        use crate::help::{accepts, lint};
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write("other.guide", "@DATABASE other\n@NODE MAIN\n@ENDNODE\n@NODE Deep\n@ENDNODE\n");
        write("notes.txt", "plain text\n");
        write(
            "main.guide",
            "@DATABASE main\n@NODE MAIN\n@{\"a\" link other.guide/deep}@{\"b\" link notes.txt/main}\n\
             @{\"c\" link other.guide/Shallow}\n@{\"d\" link gone.guide/MAIN}\n@ENDNODE\n",
        );
        let found = lint(&dir.path().join("main.guide"));
        let lines: Vec<_> = found.iter().map(|d| (d.line, d.is_error())).collect();
        // Plain text, which an Amiga shows whole, Parlour's viewer cannot.
        assert_eq!(lines, [(3, true), (4, true), (5, true)], "{found:?}");
        assert!(found[0].to_string().contains("main.guide:3: links to notes.txt/main, but notes.txt cannot be shown"));
        assert!(found[1].to_string().contains("main.guide:4: links to other.guide/Shallow"), "{}", found[1]);
        let no_file = "main.guide:5: links to gone.guide/MAIN, but there is no file gone.guide in the guide's folder";
        assert!(found[2].to_string().contains(no_file), "{}", found[2]);
        // `parlour help` reads the guide with the same problems.
        let read = crate::help::read_file(&dir.path().join("main.guide")).unwrap();
        assert_eq!(read.diagnostics, found);
        let missing = lint(&dir.path().join("none.guide"));
        assert_eq!(missing.iter().map(|d| (d.line, d.is_error())).collect::<Vec<_>>(), [(1, true)]);
        assert!(accepts(&dir.path().join("other.guide")));
        write("UPPER.GUIDE", "");
        assert!(accepts(&dir.path().join("UPPER.GUIDE")));
        assert!(!accepts(&dir.path().join("notes.txt")) && !accepts(&dir.path().join("none.guide")));
    }

    /// A nameless @NODE is an error on its line and is left out: no link
    /// can reach it, and a blank node would be what the viewer opens on.
    #[test]
    fn a_nameless_node_is_left_out() {
        let doc = guide(
            "@DATABASE t\n@NODE MAIN \"Main title\"\nMain text.\n@ENDNODE\n@NODE\nnameless body\n@ENDNODE\n\
             @NODE Two \"Two\"\nTwo text\n@ENDNODE\n@NODE\nnever closed\n",
        );
        assert_eq!(doc.nodes.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(), ["MAIN", "Two"]);
        let problems = problems(&doc);
        let lines: Vec<_> = problems.iter().map(|p| (p.0, p.1)).collect();
        assert_eq!(lines, [(5, true), (11, true), (11, true)], "{problems:?}");
        assert_eq!(problems[0].2, "@NODE needs a name; no link can reach the node, so it is left out");
        assert_eq!(problems[2].2, "the node (opened on line 11) is never closed with @ENDNODE");
    }

    /// A node's title whose quotation mark is never closed is told of on
    /// its line, as one in an @{ is; the title is the rest of the line.
    #[test]
    fn a_title_whose_quote_is_never_closed_is_told() {
        let doc =
            guide("@DATABASE t\n@NODE MAIN \"Main\n@TITLE \"Other\nText.\n@ENDNODE\n@NODE Two \"Two\"\n@ENDNODE\n");
        assert_eq!(doc.nodes[0].title, "Other");
        let problems = problems(&doc);
        let lines: Vec<_> = problems.iter().map(|p| (p.0, p.1, p.2.as_str())).collect();
        assert_eq!(
            lines,
            [
                (2, false, "a quotation mark in @NODE's title is never closed; the title runs to the end of the line"),
                (3, false, "a quotation mark in @TITLE's title is never closed; the title runs to the end of the line"),
            ]
        );
    }

    /// Words an attribute does not take are shown as text, with a warning
    /// naming them; a `}` forgotten before the next `@{` loses neither the
    /// words nor the button after them.
    #[test]
    fn unexpected_words_in_an_attribute_are_shown_and_told() {
        let doc = main_node("", "A @{b extra words} C @{fg shine two}D @{ub}.");
        let bold = |t: &str| styled(t, |s| s.bold = true);
        let shine = |t: &str| styled(t, |s| (s.bold, s.fg) = (true, Pen::Shine));
        let after = styled(".", |s| s.fg = Pen::Shine);
        assert_eq!(spans(&doc.nodes[0]), [styled("A ", |_| {}), bold("extra words C "), shine("twoD "), after]);
        let said: Vec<String> =
            problems(&doc).into_iter().map(|(line, error, m)| format!("{line} {error} {m}")).collect();
        assert_eq!(
            said,
            [
                "3 false @{b ...} has unexpected words \"extra words\", shown as text",
                "3 false @{fg ...} has unexpected words \"two\", shown as text",
            ]
        );
        let doc = main_node("", "x @{b here and continues. Then @{\" Two \" link MAIN} and @{i}more");
        let other = Target::node("MAIN");
        assert_eq!(
            spans(&doc.nodes[0]),
            [
                styled("x ", |_| {}),
                bold("here and continues. Then "),
                Span::Link { label: " Two ".into(), target: other, style: Style { bold: true, ..Style::default() } },
                bold(" and "),
                styled("more", |s| (s.bold, s.italic) = (true, true)),
            ]
        );
        assert_eq!(
            problems(&doc),
            [(
                3,
                false,
                "@{b ...} has unexpected words \"here and continues. Then\", shown as text; is its } missing before the next @{?"
                    .to_string()
            )]
        );
        let doc = main_node("", "@{i @{b}x");
        assert_eq!(problems(&doc), [(3, false, "@{i ...} is not closed before the next @{".to_string())]);
        assert_eq!(spans(&doc.nodes[0]), [styled("x", |s| (s.bold, s.italic) = (true, true))]);
    }

    /// A link to another guide through a file that is a link out of the
    /// folder is told as a link out is, when the guide is read from its
    /// file (`parlour help`, `parlour lint`); a link to a node another
    /// guide lacks is kept for the viewer to grey.
    #[cfg(unix)]
    #[test]
    fn links_into_other_guides_through_links_out_and_to_missing_nodes() {
        let outside = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let guide = "@DATABASE x\n@NODE MAIN\n@ENDNODE\n";
        std::fs::write(outside.path().join("outside.guide"), guide).unwrap();
        std::fs::write(dir.path().join("other.guide"), guide).unwrap();
        std::os::unix::fs::symlink(outside.path().join("outside.guide"), dir.path().join("link.guide")).unwrap();
        let main = dir.path().join("main.guide");
        let text = "@DATABASE m\n@NODE MAIN\n@{\" a \" link other.guide/NoNode}\n@{\" b \" link link.guide/MAIN}\n\
                    @{\" c \" link other.guide/main}\n@ENDNODE\n";
        std::fs::write(&main, text).unwrap();
        let doc = crate::help::read_file(&main).unwrap();
        let said: Vec<String> = doc.diagnostics.iter().map(|d| format!("{}: {}", d.line, d.message)).collect();
        assert_eq!(
            said,
            [
                "3: links to other.guide/NoNode, but other.guide has no node NoNode",
                "4: link to link.guide/MAIN leaves the guide's folder (link.guide is a link to elsewhere); Parlour will not follow it",
            ]
        );
        assert!(doc.diagnostics.iter().all(|d| d.is_error()));
        assert!(doc.names_dead_link("other.guide", "nonode") && !doc.names_dead_link("other.guide", "MAIN"));
    }

    /// A link into a file beside the guide that the viewer cannot show (an
    /// empty guide, plain text, a guide of random bytes) is an error on
    /// its line, as a link to a node another guide lacks is, and kept for
    /// the viewer to grey: lint said nothing of them, and the viewer drew
    /// them as links that only said why once chosen.
    #[test]
    fn links_into_files_the_viewer_cannot_show_are_dead() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("empty.guide"), "").unwrap();
        std::fs::write(dir.path().join("readme.txt"), "Read me.\n").unwrap();
        std::fs::write(dir.path().join("junk.guide"), [0u8, 159, 7, 0, 255, 0, 1]).unwrap();
        let main = dir.path().join("t6.guide");
        let text = "@DATABASE m\n@NODE MAIN\n@{\" Empty file \" link empty.guide/MAIN}\n\
                    @{\" Text file \" link readme.txt/main}\n@{\" Junk \" link junk.guide/MAIN}\n@ENDNODE\n";
        std::fs::write(&main, text).unwrap();
        let doc = crate::help::read_file(&main).unwrap();
        let said: Vec<String> = doc.diagnostics.iter().map(|d| format!("{}: {}", d.line, d.message)).collect();
        assert_eq!(said.len(), 3, "{said:#?}");
        assert_eq!(said[0], "3: links to empty.guide/MAIN, but empty.guide has no node MAIN");
        assert_eq!(
            said[1],
            "4: links to readme.txt/main, but readme.txt cannot be shown: not a help file (.guide, .imaj or .html)"
        );
        assert!(said[2].starts_with("5: links to junk.guide/MAIN, but junk.guide cannot be shown: not a text file"));
        assert!(doc.diagnostics.iter().all(|d| d.is_error()));
        for (file, node) in [("empty.guide", "MAIN"), ("readme.txt", "main"), ("junk.guide", "MAIN")] {
            assert!(doc.names_dead_link(file, node), "{file}");
        }
    }
}
