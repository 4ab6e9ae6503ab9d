//! Imaj-style help: the help source of Parlour's classic Mac games.
//!
//! No description of the original Imaj format survives (FACTS.md), so this
//! is a small text format of our own, explained for authors in
//! guide/imaj-help-format.txt:
//!
//! ```text
//! %title The Chance Help        the document's title (before the first topic)
//! %% a remark                   ignored, anywhere
//! # Scoring                     a topic starts; its title is also its name
//! ## Points                     a heading inside a topic (## to ######)
//! plain lines                   paragraphs, separated by blank lines, wrapped
//! - item   or   • item          list items; two more spaces per nesting level
//! *bold* ~italic~ _underline_   style toggles; \* \~ \_ \[ \\ are literal
//! [[Topic]] [[label|Topic]]     links to topics ([[label|https://...]]: an address)
//! %center TEXT                  one centred line
//! %tabs 4 20 32                 tabbed paragraphs (lines kept) until `%tabs`
//! %picture FILE alt text        a picture from the help file's own folder
//! %rule                         a horizontal line
//! ```
//!
//! Every topic becomes one [`Node`]. Reading never fails: problems become
//! diagnostics with their line, and the rest of the file is still read.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;

use super::model::{Align, Block, BlockKind, Document, Node, Span, Style, Target};
use crate::core::{Diagnostic, printable};

/// Reads an Imaj-style help file.
pub fn read(path: &Path, bytes: &[u8]) -> Document {
    let mut reader = Reader::new(path);
    let text = reader.decode(bytes);
    // Classic Mac files end lines with CR; accept CR, LF and CRLF alike.
    let text = crate::core::lf_line_ends(&text);
    for (i, raw) in text.split('\n').enumerate() {
        let (line, warning) = printable(raw);
        if let Some(warning) = warning {
            reader.warn(i + 1, warning);
        }
        reader.line(i + 1, &line);
    }
    reader.finish()
}

/// The deepest list nesting and heading level the format knows.
const MAX_DEPTH: u8 = 6;

/// A paragraph being gathered line by line.
struct Para {
    kind: BlockKind,
    align: Align,
    line: usize,
    /// The source lines (trimmed as the mode asks) with their numbers.
    lines: Vec<(String, usize)>,
    /// Tab stops of a tabbed paragraph (its lines are kept apart).
    tabbed: Option<Vec<u16>>,
}

/// Emphasis in force while a paragraph's lines are read: the line each
/// toggle was opened on, for the "never closed" warning.
#[derive(Default)]
struct Emphasis {
    bold: Option<usize>,
    italic: Option<usize>,
    underline: Option<usize>,
}

impl Emphasis {
    fn style(&self) -> Style {
        Style {
            bold: self.bold.is_some(),
            italic: self.italic.is_some(),
            underline: self.underline.is_some(),
            ..Style::default()
        }
    }
}

struct Reader {
    doc: Document,
    /// The `%title` and its line.
    title: Option<(String, usize)>,
    topic: Option<Node>,
    para: Option<Para>,
    /// `Some` while `%tabs` is in force in the current topic.
    tabs: Option<Vec<u16>>,
    /// Links to topics, checked once every topic is known.
    links: Vec<(String, usize)>,
    /// The line of the first topic of each name (as [`topic_key`] writes
    /// it): a repeat and a link are each checked in one step, so a file
    /// of 20,000 linked topics reads in time in proportion to its size.
    topic_lines: HashMap<String, usize>,
    /// Whether text before the first topic was already reported.
    told_stray_text: bool,
    /// The warning for the first `[[` never closed, and how many there
    /// are: told once for the file, not once for each.
    unclosed_links: Option<(usize, usize)>,
}

impl Reader {
    fn new(path: &Path) -> Reader {
        Reader {
            doc: Document { path: path.to_path_buf(), ..Document::default() },
            title: None,
            topic: None,
            para: None,
            tabs: None,
            links: Vec::new(),
            topic_lines: HashMap::new(),
            told_stray_text: false,
            unclosed_links: None,
        }
    }

    fn warn(&mut self, line: usize, message: impl Into<String>) {
        let d = Diagnostic::warning(&self.doc.path, line, message);
        self.doc.diagnostics.push(d);
    }

    fn error(&mut self, line: usize, message: impl Into<String>) {
        let d = Diagnostic::error(&self.doc.path, line, message);
        self.doc.diagnostics.push(d);
    }

    /// UTF-8 (with or without a byte-order mark), or UTF-16 after its mark
    /// (Notepad's "Unicode"); anything else was most likely written on a
    /// Mac, so it is read as Mac Roman when it uses the bytes 0x80..0x9F
    /// (letters there, control codes in Latin-1) and as Latin-1 otherwise,
    /// with a warning either way.
    fn decode(&mut self, bytes: &[u8]) -> String {
        if let Some(text) = crate::core::decode_utf16_marked(bytes) {
            return text;
        }
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        let bad_at = match std::str::from_utf8(bytes) {
            Ok(text) => return text.to_string(),
            Err(e) => e.valid_up_to(),
        };
        let line = line_of(&bytes[..bad_at]);
        if bytes.iter().any(|b| (0x80..0xa0).contains(b)) {
            self.warn(line, "the file is not UTF-8: read as Mac Roman");
            bytes.iter().map(|&b| mac_roman(b)).collect()
        } else {
            self.warn(line, "the file is not UTF-8: read as Latin-1");
            bytes.iter().map(|&b| char::from(b)).collect()
        }
    }

    fn line(&mut self, n: usize, raw: &str) {
        if raw.trim().is_empty() {
            self.end_paragraph();
            return;
        }
        // A remark neither starts nor ends a paragraph.
        if raw.starts_with("%%") {
            return;
        }
        if let Some(rest) = raw.strip_prefix('%') {
            self.end_paragraph();
            self.directive(n, rest);
            return;
        }
        if let Some((level, title)) = hashes(raw) {
            self.end_paragraph();
            if level == 1 {
                self.start_topic(n, title);
            } else if self.in_topic(n) {
                self.single_line(n, BlockKind::Heading(level), Align::Left, title);
            }
            return;
        }
        if !self.in_topic(n) {
            return;
        }
        if let Some(tabs) = &self.tabs {
            let para = self.para.get_or_insert_with(|| Para {
                kind: BlockKind::Paragraph,
                align: Align::Left,
                line: n,
                lines: Vec::new(),
                tabbed: Some(tabs.clone()),
            });
            para.lines.push((raw.trim_end().to_string(), n));
            return;
        }
        if let Some((depth, text)) = list_item(raw) {
            self.end_paragraph();
            self.para = Some(Para {
                kind: BlockKind::ListItem { depth, marker: "•".into() },
                align: Align::Left,
                line: n,
                lines: vec![(text.trim().to_string(), n)],
                tabbed: None,
            });
            return;
        }
        let para = self.para.get_or_insert_with(|| Para {
            kind: BlockKind::Paragraph,
            align: Align::Left,
            line: n,
            lines: Vec::new(),
            tabbed: None,
        });
        para.lines.push((raw.trim().to_string(), n));
    }

    /// Whether a topic has started; text before the first one is reported
    /// once and dropped.
    fn in_topic(&mut self, n: usize) -> bool {
        if self.topic.is_none() && !self.told_stray_text {
            self.told_stray_text = true;
            self.warn(n, "text before the first topic belongs to no topic and is left out");
        }
        self.topic.is_some()
    }

    fn directive(&mut self, n: usize, rest: &str) {
        let (name, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let (name, arg) = (name.to_ascii_lowercase(), arg.trim());
        match name.as_str() {
            "title" => self.set_title(n, arg),
            "center" | "tabs" | "picture" | "rule" if self.topic.is_none() => {
                self.warn(n, format!("`%{name}` before the first topic does nothing"))
            }
            "center" if arg.is_empty() => self.warn(n, "`%center` has no text to centre"),
            "center" => self.single_line(n, BlockKind::Paragraph, Align::Center, arg),
            "tabs" => self.set_tabs(n, arg),
            "picture" => self.picture(n, arg),
            "rule" => {
                if !arg.is_empty() {
                    self.warn(n, "`%rule` takes nothing after it; the rest of the line is ignored");
                }
                let mut rule = Block::paragraph(n);
                rule.kind = BlockKind::Rule;
                self.push_block(rule);
            }
            _ => {
                let known = DIRECTIVES.map(|k| format!("%{k}")).join(", ");
                self.error(n, format!("unknown directive `%{name}` (the directives are %%, {known})"));
            }
        }
    }

    fn set_title(&mut self, n: usize, arg: &str) {
        if self.topic.is_some() {
            self.warn(n, "`%title` belongs before the first topic; this one is ignored");
        } else if let Some((_, first)) = &self.title {
            let first = *first;
            self.warn(n, format!("a second `%title` (the first is on line {first}); this one is ignored"));
        } else if arg.is_empty() {
            self.warn(n, "`%title` has no text");
        } else {
            self.title = Some((arg.to_string(), n));
        }
    }

    /// `%tabs` with increasing column numbers starts tabbed paragraphs;
    /// alone, it ends them.
    fn set_tabs(&mut self, n: usize, arg: &str) {
        let mut stops: Vec<u16> = Vec::new();
        for word in arg.split_whitespace() {
            match word.parse::<u16>() {
                Ok(col) if col > 0 && col <= MAX_TAB && stops.last().is_none_or(|&last| col > last) => stops.push(col),
                _ => {
                    self.error(
                        n,
                        format!(
                            "`%tabs` takes increasing columns from 1 to {MAX_TAB}, as in `%tabs 4 20 32`; \
                             `{word}` is not one, so this line is ignored"
                        ),
                    );
                    return;
                }
            }
        }
        self.tabs = if arg.is_empty() { None } else { Some(stops) };
    }

    /// `%picture FILE alt text`: a file beside the help file, never
    /// elsewhere (the viewer reads only inside the document's folder); a
    /// picture named elsewhere is shown as its text, as a page's is.
    fn picture(&mut self, n: usize, arg: &str) {
        let (file, alt) = arg.split_once(char::is_whitespace).unwrap_or((arg, ""));
        let alt = alt.trim().to_string();
        if file.is_empty() {
            self.error(n, "`%picture` needs a file name, as in `%picture layout.png The layout`");
            return;
        }
        let mut block = Block::paragraph(n);
        block.align = Align::Center;
        // ':' is the classic Mac path separator.
        if file.contains(['/', '\\', ':']) || file == ".." || file == "." {
            let instead = if alt.is_empty() { "" } else { "; its text is shown instead" };
            self.error(n, format!("the picture `{file}` must be a file in the help file's own folder{instead}"));
            if alt.is_empty() {
                return;
            }
            push_text(&mut block.spans, &alt, Style::default());
        } else {
            let folder = self.doc.path.parent().unwrap_or(Path::new(""));
            if !folder.join(file).is_file() {
                self.warn(n, format!("there is no picture `{file}` beside the help file"));
            }
            self.doc.pictures.push((n, file.to_string()));
            block.spans.push(Span::Image { path: file.to_string(), alt });
        }
        self.push_block(block);
    }

    fn start_topic(&mut self, n: usize, title: &str) {
        self.close_topic();
        let mut name = collapse(title);
        if name.is_empty() {
            self.error(n, "a topic needs a name after `#`");
            name = format!("Topic at line {n}");
        }
        match self.topic_lines.entry(topic_key(&name)) {
            Entry::Occupied(first) => {
                let first = *first.get();
                self.error(
                    n,
                    format!("a second topic named `{name}` (the first is on line {first}); links go to the first"),
                );
            }
            Entry::Vacant(new) => {
                new.insert(n);
            }
        }
        self.topic = Some(Node { name: name.clone(), title: name, line: n, ..Node::default() });
    }

    fn close_topic(&mut self) {
        self.tabs = None;
        if let Some(topic) = self.topic.take() {
            self.doc.nodes.push(topic);
        }
    }

    /// A block of one line (a heading, a centred line).
    fn single_line(&mut self, n: usize, kind: BlockKind, align: Align, text: &str) {
        self.para = Some(Para { kind, align, line: n, lines: vec![(text.trim().to_string(), n)], tabbed: None });
        self.end_paragraph();
    }

    fn end_paragraph(&mut self) {
        let Some(para) = self.para.take() else { return };
        let mut block = Block::paragraph(para.line);
        block.kind = para.kind;
        block.align = para.align;
        let mut emphasis = Emphasis::default();
        for (i, (text, line)) in para.lines.iter().enumerate() {
            if i > 0 {
                if para.tabbed.is_some() {
                    block.spans.push(Span::Break);
                } else {
                    push_text(&mut block.spans, " ", emphasis.style());
                }
            }
            self.inline(&mut block.spans, text, *line, &mut emphasis);
        }
        for (opened, what) in
            [(emphasis.bold, "`*` (bold)"), (emphasis.italic, "`~` (italic)"), (emphasis.underline, "`_` (underline)")]
        {
            if let Some(line) = opened {
                self.warn(line, format!("{what} is not closed before the end of its paragraph"));
            }
        }
        if let Some(tabs) = para.tabbed {
            block.wrap = false;
            block.tabs = tabs;
        }
        self.push_block(block);
    }

    fn push_block(&mut self, block: Block) {
        if let Some(topic) = &mut self.topic {
            topic.blocks.push(block);
        }
    }

    /// One line's text: escapes, emphasis toggles, links and tabs.
    fn inline(&mut self, spans: &mut Vec<Span>, text: &str, line: usize, emphasis: &mut Emphasis) {
        let mut rest = text;
        // Once a `[[` finds no `]]` after it, none after it will: looking
        // again for each would read the rest of the line once per `[[`.
        let mut may_close = true;
        while let Some(c) = rest.chars().next() {
            let after = &rest[c.len_utf8()..];
            match c {
                '\\' => match after.chars().next().filter(|&e| e.is_ascii_punctuation() || e == '•') {
                    Some(e) => {
                        push_text(spans, e.encode_utf8(&mut [0; 4]), emphasis.style());
                        rest = &after[e.len_utf8()..];
                        continue;
                    }
                    None => push_text(spans, "\\", emphasis.style()),
                },
                '*' => toggle(&mut emphasis.bold, line),
                '~' => toggle(&mut emphasis.italic, line),
                '_' => toggle(&mut emphasis.underline, line),
                '\t' => spans.push(Span::Tab),
                '[' if after.starts_with('[') => match may_close.then(|| after[1..].find("]]")).flatten() {
                    Some(end) => {
                        self.link(spans, &after[1..1 + end], line, emphasis.style());
                        rest = &after[1 + end + 2..];
                        continue;
                    }
                    None => {
                        may_close = false;
                        self.unclosed_link(line);
                        push_text(spans, "[[", emphasis.style());
                        rest = &after[1..];
                        continue;
                    }
                },
                c => push_text(spans, c.encode_utf8(&mut [0; 4]), emphasis.style()),
            }
            rest = after;
        }
    }

    /// A `[[` on `line` that no `]]` closes: the first is warned of, the
    /// rest counted for that warning.
    fn unclosed_link(&mut self, line: usize) {
        match &mut self.unclosed_links {
            Some((_, count)) => *count += 1,
            None => {
                self.unclosed_links = Some((self.doc.diagnostics.len(), 1));
                self.warn(line, "a link `[[` is not closed with `]]` on its line; it is shown as text");
            }
        }
    }

    /// `[[Topic]]`, `[[label|Topic]]` or `[[label|https://...]]`.
    fn link(&mut self, spans: &mut Vec<Span>, inner: &str, line: usize, style: Style) {
        let (label, to) = inner.split_once('|').unwrap_or((inner, inner));
        let (label, to) = (unescape(label.trim()), collapse(&unescape(to)));
        if to.is_empty() {
            self.warn(line, "a link names no topic; it is shown as text");
            push_text(spans, &label, style);
            return;
        }
        let label = if label.is_empty() { to.clone() } else { label };
        let target = if is_address(&to) {
            Target::Url(to)
        } else {
            self.links.push((to.clone(), line));
            Target::node(&to)
        };
        spans.push(Span::Link { label, target, style });
    }

    fn finish(mut self) -> Document {
        self.end_paragraph();
        if let Some((at, count @ 2..)) = self.unclosed_links {
            self.doc.diagnostics[at].message.push_str(&format!(", as are {} more in the file", count - 1));
        }
        self.close_topic();
        if self.doc.nodes.is_empty() {
            self.error(1, "there are no topics: each topic starts with a line `# Topic name`");
        }
        for (to, line) in std::mem::take(&mut self.links) {
            if !self.topic_lines.contains_key(&topic_key(&to)) {
                self.error(line, format!("a link to a missing topic `{to}`"));
            }
        }
        self.doc.title = match self.title.take() {
            Some((title, _)) => title,
            None => self.doc.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        };
        // Found as the file was decoded, read and then checked, the
        // problems are told by line, as `parlour lint` and the other
        // readers tell them (the encoding's warning names a later line
        // than text before the first topic).
        self.doc.diagnostics.sort_by_key(|d| d.line);
        self.doc
    }
}

/// The directives, for the message about an unknown one.
const DIRECTIVES: [&str; 5] = ["title", "center", "tabs", "picture", "rule"];

/// The rightmost tab stop, in character cells: wider than any help pane.
const MAX_TAB: u16 = 200;

/// `# Title` (level 1) to `###### Title`: the number of `#` and the rest.
fn hashes(raw: &str) -> Option<(u8, &str)> {
    let count = raw.bytes().take_while(|&b| b == b'#').count();
    let rest = &raw[count..];
    let level = u8::try_from(count).ok().filter(|l| (1..=MAX_DEPTH).contains(l))?;
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then_some((level, rest.trim()))
}

/// `- text` or `• text`, indented two spaces (or one tab) per level.
fn list_item(raw: &str) -> Option<(u8, &str)> {
    let body = raw.trim_start_matches([' ', '\t']);
    let indent: usize = raw[..raw.len() - body.len()].chars().map(|c| if c == '\t' { 2 } else { 1 }).sum();
    let text = body.strip_prefix("- ").or_else(|| body.strip_prefix("• "))?;
    let depth = u8::try_from(1 + indent / 2).unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
    Some((depth, text))
}

fn toggle(open: &mut Option<usize>, line: usize) {
    *open = if open.is_some() { None } else { Some(line) };
}

/// Appends text, joining it to the last span when the style is the same.
fn push_text(spans: &mut Vec<Span>, text: &str, style: Style) {
    if let Some(Span::Text { text: last, style: s }) = spans.last_mut()
        && *s == style
    {
        last.push_str(text);
        return;
    }
    spans.push(Span::Text { text: text.to_string(), style });
}

/// Drops the backslash of each escape (`\]` -> `]`).
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) = chars.next()
        {
            out.push(next);
        } else {
            out.push(c);
        }
    }
    out
}

/// Runs of white space as one space, none at either end: topic names
/// match whatever way the author spaced them.
fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A topic name as every spelling of it is found: spaces as
/// [`collapse`] leaves them, letters in lower case, accented ones too
/// (the names [`super::model::same_name`] takes to be one).
fn topic_key(name: &str) -> String {
    collapse(name).to_lowercase()
}

fn is_address(to: &str) -> bool {
    to.contains("://") || to.to_ascii_lowercase().starts_with("mailto:")
}

/// The 1-based line at the end of `bytes` (CR, LF or CRLF line ends).
fn line_of(bytes: &[u8]) -> usize {
    let crs = bytes.windows(2).filter(|w| w[0] == b'\r' && w[1] != b'\n').count();
    let trailing_cr = usize::from(bytes.last() == Some(&b'\r'));
    1 + bytes.iter().filter(|&&b| b == b'\n').count() + crs + trailing_cr
}

/// Mac OS Roman, as classic Mac text files were written. 0xDB is the
/// currency sign of System 7 (Mac OS 8.5 later made it the euro).
fn mac_roman(b: u8) -> char {
    const HIGH: [char; 128] = [
        'Ä', 'Å', 'Ç', 'É', 'Ñ', 'Ö', 'Ü', 'á', 'à', 'â', 'ä', 'ã', 'å', 'ç', 'é', 'è', //
        'ê', 'ë', 'í', 'ì', 'î', 'ï', 'ñ', 'ó', 'ò', 'ô', 'ö', 'õ', 'ú', 'ù', 'û', 'ü', //
        '†', '°', '¢', '£', '§', '•', '¶', 'ß', '®', '©', '™', '´', '¨', '≠', 'Æ', 'Ø', //
        '∞', '±', '≤', '≥', '¥', 'µ', '∂', '∑', '∏', 'π', '∫', 'ª', 'º', 'Ω', 'æ', 'ø', //
        '¿', '¡', '¬', '√', 'ƒ', '≈', '∆', '«', '»', '…', '\u{a0}', 'À', 'Ã', 'Õ', 'Œ', 'œ', //
        '–', '—', '“', '”', '‘', '’', '÷', '◊', 'ÿ', 'Ÿ', '⁄', '¤', '‹', '›', 'ﬁ', 'ﬂ', //
        '‡', '·', '‚', '„', '‰', 'Â', 'Ê', 'Á', 'Ë', 'È', 'Í', 'Î', 'Ï', 'Ì', 'Ó', 'Ô', //
        '\u{f8ff}', 'Ò', 'Ú', 'Û', 'Ù', 'ı', 'ˆ', '˜', '¯', '˘', '˙', '˚', '¸', '˝', '˛', 'ˇ',
    ];
    if b < 0x80 { char::from(b) } else { HIGH[usize::from(b - 0x80)] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::model::Pen;

    fn doc(text: &str) -> Document {
        read(Path::new("help.imaj"), text.as_bytes())
    }

    fn messages(d: &Document) -> Vec<String> {
        d.diagnostics.iter().map(|d| d.to_string()).collect()
    }

    fn text(s: &str) -> Span {
        Span::Text { text: s.into(), style: Style::default() }
    }

    fn styled(s: &str, bold: bool, italic: bool, underline: bool) -> Span {
        Span::Text { text: s.into(), style: Style { bold, italic, underline, ..Style::default() } }
    }

    #[test]
    fn topics_paragraphs_and_title() {
        let d = doc("%title My Help\n%% a remark\n\n# First  topic\nOne line\n  and the next.\n\nSecond.\n# Two\n");
        assert_eq!(messages(&d), Vec::<String>::new());
        assert_eq!(d.title, "My Help");
        assert_eq!(d.nodes.len(), 2);
        let first = &d.nodes[0];
        assert_eq!((first.name.as_str(), first.title.as_str(), first.line), ("First topic", "First topic", 4));
        assert_eq!(first.blocks.len(), 2);
        assert_eq!(first.blocks[0].spans, vec![text("One line and the next.")]);
        assert_eq!((first.blocks[0].line, first.blocks[0].wrap), (5, true));
        assert_eq!(first.blocks[1].plain_text(), "Second.");
        assert!(d.nodes[1].blocks.is_empty());
    }

    #[test]
    fn title_defaults_to_the_file_name() {
        assert_eq!(doc("# A\n").title, "help");
    }

    #[test]
    fn emphasis_toggles_and_escapes() {
        let d = doc("# T\nplain *bold ~both~* _under_ \\*star\\_ \\\\ \\x\n");
        assert_eq!(messages(&d), Vec::<String>::new());
        assert_eq!(
            d.nodes[0].blocks[0].spans,
            vec![
                text("plain "),
                styled("bold ", true, false, false),
                styled("both", true, true, false),
                text(" "),
                styled("under", false, false, true),
                text(" *star_ \\ \\x"),
            ]
        );
    }

    #[test]
    fn emphasis_runs_across_lines_but_not_paragraphs() {
        let d = doc("# T\n*one\ntwo\n\nthree\n");
        assert_eq!(d.nodes[0].blocks[0].spans, vec![styled("one two", true, false, false)]);
        assert_eq!(d.nodes[0].blocks[1].spans, vec![text("three")]);
        assert_eq!(
            messages(&d),
            vec!["help.imaj:2: warning: `*` (bold) is not closed before the end of its paragraph"]
        );
    }

    #[test]
    fn headings_lists_centre_and_rule() {
        let d = doc("# T\n## Sub *head*\n- one\n  more\n  - nested\n• bullet\n%center *Middle*\n%rule\n####### not\n");
        let blocks = &d.nodes[0].blocks;
        assert_eq!(blocks[0].kind, BlockKind::Heading(2));
        assert_eq!(blocks[0].spans, vec![text("Sub "), styled("head", true, false, false)]);
        assert_eq!(blocks[1].kind, BlockKind::ListItem { depth: 1, marker: "•".into() });
        assert_eq!(blocks[1].plain_text(), "one more");
        assert_eq!(blocks[2].kind, BlockKind::ListItem { depth: 2, marker: "•".into() });
        assert_eq!(blocks[3].plain_text(), "bullet");
        assert_eq!(blocks[4].align, Align::Center);
        assert_eq!(blocks[4].spans, vec![styled("Middle", true, false, false)]);
        assert_eq!(blocks[5].kind, BlockKind::Rule);
        assert_eq!(blocks[6].plain_text(), "####### not");
        assert_eq!(messages(&d), Vec::<String>::new());
    }

    #[test]
    fn links_to_topics_and_addresses() {
        let d = doc(
            "# Start\nSee [[scoring]], [[the *rules*|The  Rules]] or [[mail|mailto:a@b.c]].\n# Scoring\n# The Rules\n",
        );
        assert_eq!(messages(&d), Vec::<String>::new());
        let spans = &d.nodes[0].blocks[0].spans;
        assert_eq!(
            spans[1],
            Span::Link { label: "scoring".into(), target: Target::node("scoring"), style: Style::default() }
        );
        assert_eq!(
            spans[3],
            Span::Link { label: "the *rules*".into(), target: Target::node("The Rules"), style: Style::default() }
        );
        assert_eq!(
            spans[5],
            Span::Link { label: "mail".into(), target: Target::Url("mailto:a@b.c".into()), style: Style::default() }
        );
        assert!(d.node("SCORING").is_some());
    }

    #[test]
    fn tabbed_paragraphs_keep_their_lines() {
        let d = doc("# T\n%tabs 4 20\nRule\tWin\tLoss\n\tAny\t1\n\nnext\n%tabs\nwrapped\nagain\n");
        assert_eq!(messages(&d), Vec::<String>::new());
        let blocks = &d.nodes[0].blocks;
        assert_eq!(blocks[0].tabs, vec![4, 20]);
        assert!(!blocks[0].wrap);
        assert_eq!(blocks[0].plain_text(), "Rule\tWin\tLoss\n\tAny\t1");
        assert_eq!(blocks[1].tabs, vec![4, 20]);
        assert_eq!(blocks[2].plain_text(), "wrapped again");
        assert!(blocks[2].wrap && blocks[2].tabs.is_empty());
    }

    #[test]
    fn tabs_end_with_the_topic() {
        let d = doc("# A\n%tabs 8\nx\n# B\ny\n");
        assert!(d.nodes[1].blocks[0].tabs.is_empty());
    }

    #[test]
    fn pictures_come_from_the_same_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("deal.png"), b"").unwrap();
        let path = dir.path().join("h.imaj");
        let source =
            "# T\n%picture deal.png The deal\n%picture gone.png\n%picture ../x.png The x\n%picture Disk:x\n%picture\n";
        let d = read(&path, source.as_bytes());
        let blocks = &d.nodes[0].blocks;
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].spans, vec![Span::Image { path: "deal.png".into(), alt: "The deal".into() }]);
        assert_eq!(blocks[0].align, Align::Center);
        // A picture named out of the folder is its text, as the format says.
        assert_eq!((blocks[2].spans.clone(), blocks[2].align), (vec![text("The x")], Align::Center));
        let found: Vec<String> =
            messages(&d).iter().map(|m| m.replace(&dir.path().display().to_string(), "")).collect();
        assert_eq!(
            found,
            vec![
                "/h.imaj:3: warning: there is no picture `gone.png` beside the help file",
                "/h.imaj:4: the picture `../x.png` must be a file in the help file's own folder; its text is shown instead",
                "/h.imaj:5: the picture `Disk:x` must be a file in the help file's own folder",
                "/h.imaj:6: `%picture` needs a file name, as in `%picture layout.png The layout`",
            ]
        );
    }

    /// Topic names match without regard to capitals, accented ones too
    /// (`CAFÉ` is `café`), in links and in names given twice.
    #[test]
    fn accented_capitals_name_the_same_topic() {
        let text = "# Café topic\nx [[ CAFé   TOPIC ]] and [[CAFÉ TOPIC]] and [[Été]]\n# été\ny\n# ÉTÉ\nz\n";
        assert_eq!(
            messages(&doc(text)),
            ["help.imaj:5: a second topic named `ÉTÉ` (the first is on line 3); links go to the first"]
        );
    }

    #[test]
    fn problems_have_lines() {
        let text = "stray text\n%center early\n# A\n%frob x\n%tabs 4 2\n[[Nowhere]] [[open\n%title Late\n[[|]]\n# a\n#\n%center\n%rule x\n";
        let d = doc(text);
        assert_eq!(
            messages(&d),
            vec![
                "help.imaj:1: warning: text before the first topic belongs to no topic and is left out",
                "help.imaj:2: warning: `%center` before the first topic does nothing",
                "help.imaj:4: unknown directive `%frob` (the directives are %%, %title, %center, %tabs, %picture, %rule)",
                "help.imaj:5: `%tabs` takes increasing columns from 1 to 200, as in `%tabs 4 20 32`; `2` is not one, so this line is ignored",
                "help.imaj:6: warning: a link `[[` is not closed with `]]` on its line; it is shown as text",
                "help.imaj:6: a link to a missing topic `Nowhere`",
                "help.imaj:7: warning: `%title` belongs before the first topic; this one is ignored",
                "help.imaj:8: warning: a link names no topic; it is shown as text",
                "help.imaj:9: a second topic named `a` (the first is on line 3); links go to the first",
                "help.imaj:10: a topic needs a name after `#`",
                "help.imaj:11: warning: `%center` has no text to centre",
                "help.imaj:12: warning: `%rule` takes nothing after it; the rest of the line is ignored",
            ]
        );
        assert!(d.has_errors());
        assert_eq!(d.nodes.len(), 3);
    }

    /// Topics are found by name in a lookup table, so 20,000 topics each
    /// linking the next read in time in proportion to the file (half a
    /// minute when each new topic and each link looked through all the
    /// topics); a repeat and a link to no topic are still told of.
    #[test]
    fn twenty_thousand_linked_topics_are_read_in_proportion() {
        let n = 20_000;
        let mut text: String = (0..n).map(|i| format!("# T{i}\nsee [[t{}]]\n\n", (i + 1) % n)).collect();
        text.push_str("#   t17\n[[T 20000]]\n");
        let d = doc(&text);
        assert_eq!(d.nodes.len(), n + 1);
        assert_eq!(
            messages(&d),
            [
                "help.imaj:60001: a second topic named `t17` (the first is on line 52); links go to the first",
                "help.imaj:60002: a link to a missing topic `T 20000`",
            ]
        );
    }

    /// A line of 100,000 `[[` never closed reads at once (each looked
    /// along the rest of the line for its `]]`, which took 17 s), and is
    /// told of once for the file, at the first, with how many more there
    /// are; a link on a later line is read as ever.
    #[test]
    fn unclosed_links_are_read_once_and_told_once() {
        let text = format!("# A\nx {}\nsee [[B]]\n# B\n", "[[".repeat(100_000));
        let d = doc(&text);
        assert_eq!(
            messages(&d),
            [
                "help.imaj:2: warning: a link `[[` is not closed with `]]` on its line; it is shown as text, as are 99999 more in the file"
            ]
        );
        let spans = &d.nodes[0].blocks[0].spans;
        assert!(spans.iter().any(|s| matches!(s, Span::Link { label, .. } if label == "B")), "{spans:?}");
        let d = doc("# A\n[[open\n");
        assert_eq!(
            messages(&d),
            ["help.imaj:2: warning: a link `[[` is not closed with `]]` on its line; it is shown as text"]
        );
    }

    #[test]
    fn no_topics_is_an_error() {
        for text in ["", "%title Nothing\n", "just words\n"] {
            let d = doc(text);
            assert!(d.nodes.is_empty());
            assert!(messages(&d).contains(
                &"help.imaj:1: there are no topics: each topic starts with a line `# Topic name`".to_string()
            ));
        }
    }

    #[test]
    fn old_mac_files() {
        // CR line ends and Mac Roman: 0x8E is é, 0xA5 a bullet, 0xD2/0xD3 quotes.
        let d = read(Path::new("h.imaj"), b"%title Caf\x8E\r# T\r\xA5 \xD2quoted\xD3\r");
        assert_eq!(d.title, "Café");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "“quoted”");
        assert_eq!(messages(&d), vec!["h.imaj:1: warning: the file is not UTF-8: read as Mac Roman"]);
        // Latin-1 (no bytes in 0x80..0x9F), CRLF, the error on line 2.
        let d = read(Path::new("h.imaj"), b"# T\r\ncaf\xE9\r\n");
        assert_eq!(d.nodes[0].blocks[0].plain_text(), "café");
        assert_eq!(messages(&d), vec!["h.imaj:2: warning: the file is not UTF-8: read as Latin-1"]);
        // A byte-order mark is not text.
        assert_eq!(read(Path::new("h.imaj"), b"\xef\xbb\xbf# T\n").nodes[0].name, "T");
    }

    /// The encoding's warning, found first, names the line of the first
    /// byte that is not UTF-8: it takes its place among the others.
    #[test]
    fn problems_are_told_by_line() {
        let d = read(Path::new("h.imaj"), b"Stray text.\n\n# T\nCaf\x8E [[Nowhere]]\n# t\n");
        let lines: Vec<usize> = d.diagnostics.iter().map(|d| d.line).collect();
        assert_eq!(lines, [1, 4, 4, 5], "{:?}", messages(&d));
        assert!(messages(&d)[1].contains("not UTF-8"), "{:?}", messages(&d));
    }

    #[test]
    fn mac_roman_table() {
        assert_eq!(mac_roman(b'A'), 'A');
        assert_eq!(mac_roman(0x80), 'Ä');
        assert_eq!(mac_roman(0xA5), '•');
        assert_eq!(mac_roman(0xCA), '\u{a0}');
        assert_eq!(mac_roman(0xF0), '\u{f8ff}');
        assert_eq!(mac_roman(0xFF), 'ˇ');
        assert_eq!(line_of(b"a\rb\r\nc\nd\r"), 5);
    }

    #[test]
    fn styles_use_the_text_pens() {
        let d = doc("# T\n*x*\n");
        let Span::Text { style, .. } = &d.nodes[0].blocks[0].spans[0] else { panic!() };
        assert_eq!((style.fg, style.bg, style.code), (Pen::Text, Pen::Background, false));
    }

    #[test]
    fn the_chance_help_reads_cleanly() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide/the-chance.imaj");
        let d = read(&path, &std::fs::read(&path).unwrap());
        assert_eq!(messages(&d), Vec::<String>::new());
        assert_eq!(d.title, "The Chance Help");
        let names: Vec<&str> = d.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "About The Chance",
                "The Rules",
                "How to Play",
                "Sequence Rules",
                "The Menus",
                "Scoring",
                "The Cards",
                "Screen Modes",
                "Hints",
                "Credits"
            ]
        );
        assert!(d.nodes.iter().all(|n| !n.blocks.is_empty()));
    }

    /// An escape sequence in the file never reaches the terminal through a
    /// warning that quotes the line: the line is read without it, as a
    /// guide's is, and the warning names it by its code.
    #[test]
    fn control_characters_are_left_out_and_named() {
        let d = doc("# Topic\n%bo\x1b[31mgus x\n[[mi\x1b[2Jss]] \0\n");
        assert_eq!(
            messages(&d),
            [
                "help.imaj:2: warning: control character 0x1B ignored",
                "help.imaj:2: unknown directive `%bo[31mgus` (the directives are %%, %title, %center, %tabs, %picture, %rule)",
                "help.imaj:3: warning: control character 0x1B ignored",
                "help.imaj:3: a link to a missing topic `mi[2Jss`",
            ]
        );
    }

    #[test]
    fn garbage_never_panics() {
        let mut rng = crate::core::GameRng::new(11);
        let alphabet: Vec<char> = "#%*~_[]|\\- \t\n\réa•xtitlecenrabspu".chars().collect();
        // Whatever the input: problems on its lines, topics with names.
        let check = |bytes: &[u8]| {
            let d = read(Path::new("x.imaj"), bytes);
            assert!(d.diagnostics.iter().all(|p| p.points_into(bytes)), "{bytes:?}: {:?}", messages(&d));
            assert!(
                d.diagnostics.iter().all(|p| !p.message.contains(|c: char| c != '\t' && c.is_control())),
                "{:?}",
                messages(&d)
            );
            assert!(d.nodes.iter().all(|n| !n.name.is_empty()), "{bytes:?}");
        };
        for _ in 0..3000 {
            let len = rng.below(60) as usize;
            let s: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u32) as usize]).collect();
            check(s.as_bytes());
        }
        for _ in 0..500 {
            let len = rng.below(60) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            check(&bytes);
        }
    }
}
