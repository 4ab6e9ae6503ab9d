//! HTML's tokens and character references, for both readers of game.html:
//! the help's (`help::html`, which draws it) and `parlour lint`'s
//! (`solitaire::lint`, which checks its structure).
//!
//! The tokenizer is our own rather than html5ever, scraper or tl: the
//! subset is tiny, every problem needs its line (which those crates do not
//! report, or hide behind their error recovery), the help's cache builder
//! needs the byte range of each attribute to rewrite links in place, and a
//! hand-written scanner cannot fail on garbage.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

use super::Diagnostic;
use super::text::shortened;

/// Elements without an end tag.
pub const VOID: [&str; 14] =
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"];

/// Elements nest at most this deep, for both readers: start tags deeper
/// than that are left out (their text is kept), with one problem told.
/// Real pages nest a dozen deep; the cap keeps each step of reading short,
/// whatever the page.
pub const MAX_DEPTH: usize = 100;

/// HTML's names for U+00A0..U+00FF, in order.
const LATIN1: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not", "shy",
    "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1", "ordm",
    "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig",
    "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
    "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN",
    "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc",
    "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml",
    "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
];

/// The other named characters a card game's help is likely to use.
const NAMED: [(&str, char); 37] = [
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("ndash", '–'),
    ("mdash", '—'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("sbquo", '‚'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("bdquo", '„'),
    ("lsaquo", '‹'),
    ("rsaquo", '›'),
    ("hellip", '…'),
    ("bull", '•'),
    ("dagger", '†'),
    ("Dagger", '‡'),
    ("permil", '‰'),
    ("trade", '™'),
    ("euro", '€'),
    ("OElig", 'Œ'),
    ("oelig", 'œ'),
    ("fnof", 'ƒ'),
    ("minus", '−'),
    ("ensp", '\u{2002}'),
    ("emsp", '\u{2003}'),
    ("thinsp", '\u{2009}'),
    ("larr", '←'),
    ("rarr", '→'),
    ("uarr", '↑'),
    ("darr", '↓'),
    ("spades", '♠'),
    ("clubs", '♣'),
    ("hearts", '♥'),
    ("diams", '♦'),
];

fn named(name: &str) -> Option<char> {
    if let Some(i) = LATIN1.iter().position(|&n| n == name) {
        return char::from_u32(0xa0 + i as u32);
    }
    NAMED.iter().find(|(n, _)| *n == name).map(|&(_, c)| c)
}

/// `&#NNN;` or `&#xHH;`: as HTML does, 128..159 are read as Windows-1252
/// (old pages wrote `&#150;` for a dash); impossible numbers are None.
fn numeric(num: &str) -> Option<char> {
    let code = match num.strip_prefix(['x', 'X']) {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => num.parse().ok()?,
    };
    match code {
        0 => None,
        128..160 => Some(super::text::cp1252(code as u8)),
        _ => char::from_u32(code),
    }
}

/// Replaces character references. `&` not followed by a name and `;` is
/// an ampersand (as in "R&D"); an unknown name is kept as written and a
/// bad number becomes U+FFFD, each with a warning on its line.
pub fn decode_entities(s: &str, line: usize, warn: &mut dyn FnMut(usize, String)) -> String {
    decode_counting(s, &mut LineAt::new(s, line), warn)
}

/// [`decode_entities`], placing each reference with `lines` (counting in `s`).
fn decode_counting(s: &str, lines: &mut LineAt, warn: &mut dyn FnMut(usize, String)) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find('&') {
        out.push_str(&rest[..k]);
        let at_line = lines.line(s.len() - rest.len() + k);
        rest = &rest[k..];
        // A name is at most 32 letters: looking further for its end, each
        // `&` of a long run of letters would read the whole run.
        let name_len = rest.bytes().skip(1).take(34).position(|c| !(c.is_ascii_alphanumeric() || c == b'#'));
        let name_len = name_len.unwrap_or(rest.len().min(35) - 1);
        if name_len == 0 || name_len > 32 || rest.as_bytes().get(1 + name_len) != Some(&b';') {
            out.push('&');
            rest = &rest[1..];
            continue;
        }
        let name = &rest[1..1 + name_len];
        let reference = &rest[..name_len + 2];
        match name.strip_prefix('#') {
            Some(num) => out.push(numeric(num).unwrap_or_else(|| {
                warn(at_line, format!("`{reference}` is not a character; shown as �"));
                '\u{fffd}'
            })),
            None => match named(name) {
                Some(c) => out.push(c),
                None => {
                    warn(at_line, format!("unknown character reference `{reference}`; shown as written"));
                    out.push_str(reference);
                }
            },
        }
        rest = &rest[name_len + 2..];
    }
    out.push_str(rest);
    out
}

/// The line of each place in a text asked for in turn, counted on from
/// the place asked before rather than from the start: a page of n
/// references is read once, not n times over.
pub struct LineAt<'a> {
    text: &'a [u8],
    /// The place last asked for, and its line.
    at: usize,
    line: usize,
    /// How many bytes have been looked at to count lines: at most the
    /// text's length while places are asked in order.
    pub scanned: usize,
}

impl<'a> LineAt<'a> {
    /// Counting in `text`, whose first line is `line`.
    pub fn new(text: &'a str, line: usize) -> Self {
        LineAt { text: text.as_bytes(), at: 0, line, scanned: 0 }
    }

    /// The line of byte `at` (past the end, the last line).
    pub fn line(&mut self, at: usize) -> usize {
        let at = at.min(self.text.len());
        let (from, to) = (self.at.min(at), self.at.max(at));
        let between = self.text[from..to].iter().filter(|&&b| b == b'\n').count();
        self.scanned += to - from;
        self.line = if at >= self.at { self.line + between } else { self.line - between };
        self.at = at;
        self.line
    }
}

pub fn newlines(s: &str) -> usize {
    s.bytes().filter(|&b| b == b'\n').count()
}

// ---------------------------------------------------------------------------
// Tokens

/// An attribute: its name in lower case, its value as written (character
/// references not yet replaced) and, for the cache builder's rewriting,
/// where the value lies in the page, quotes included.
#[derive(Debug)]
pub struct Attr {
    pub name: String,
    pub value: String,
    pub value_at: Option<Range<usize>>,
}

#[derive(Debug)]
pub struct Tag {
    /// Lower case.
    pub name: String,
    pub attrs: Vec<Attr>,
    pub end: bool,
    pub self_closing: bool,
    pub line: usize,
    /// From `<` to `>` inclusive.
    pub at: Range<usize>,
}

impl Tag {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

#[derive(Debug)]
pub enum Token {
    /// Text as written, character references not yet replaced.
    Text {
        at: Range<usize>,
        line: usize,
    },
    Tag(Tag),
}

/// Splits a page into text and tags with their lines. Comments, doctypes
/// and the contents of `<script>` and `<style>` are dropped; a `<` that
/// starts no tag is text. Problems go to `warn`, and never stop the scan.
pub fn tokenize(text: &str, warn: &mut dyn FnMut(usize, String)) -> Vec<Token> {
    let lower = text.to_ascii_lowercase();
    let b = text.as_bytes();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let rest = &text[i..];
        if !rest.starts_with('<') {
            let end = rest.find('<').map_or(b.len(), |k| i + k);
            tokens.push(Token::Text { at: i..end, line });
            line += newlines(&text[i..end]);
            i = end;
            continue;
        }
        let skip_end = if let Some(comment) = rest.strip_prefix("<!--") {
            Some(comment.find("-->").map_or_else(
                || {
                    warn(line, "a comment `<!--` is never closed with `-->`; the rest of the page is left out".into());
                    b.len()
                },
                |k| i + 4 + k + 3,
            ))
        } else if rest.starts_with("<!") || rest.starts_with("<?") {
            Some(rest.find('>').map_or(b.len(), |k| i + k + 1))
        } else {
            None
        };
        if let Some(end) = skip_end {
            line += newlines(&text[i..end]);
            i = end;
            continue;
        }
        let end_tag = rest.starts_with("</");
        let name_at = i + 1 + usize::from(end_tag);
        if !b.get(name_at).is_some_and(u8::is_ascii_alphabetic) {
            tokens.push(Token::Text { at: i..i + 1, line });
            i += 1;
            continue;
        }
        let close = match tag_end(b, name_at, true) {
            Some(j) => j,
            None => match tag_end(b, name_at, false) {
                Some(j) => {
                    warn(line, format!("a quote in `{}` is never closed", shorten(rest)));
                    j
                }
                None => {
                    warn(
                        line,
                        format!("`{}` is never closed with `>`; the rest of the page is left out", shorten(rest)),
                    );
                    break;
                }
            },
        };
        let tag = parse_tag(text, name_at..close, end_tag, line, i..close + 1);
        line += newlines(&text[i..=close]);
        i = close + 1;
        if !tag.end && !tag.self_closing && (tag.name == "script" || tag.name == "style") {
            let end = lower[i..].find(&format!("</{}", tag.name)).map_or(b.len(), |k| i + k);
            line += newlines(&text[i..end]);
            i = end;
        }
        tokens.push(Token::Tag(tag));
    }
    tokens
}

/// The `>` that ends the tag whose name starts at `from`; with `quotes`,
/// a `>` inside a quoted attribute value does not count.
fn tag_end(b: &[u8], from: usize, quotes: bool) -> Option<usize> {
    let mut quote: Option<u8> = None;
    let mut last = 0u8;
    for (j, &c) in b.iter().enumerate().skip(from) {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if quotes && (c == b'"' || c == b'\'') && last == b'=' => quote = Some(c),
            None if c == b'>' => return Some(j),
            None => {}
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
    }
    None
}

/// The start of `s` as a message quotes it: its first line, cut after a
/// whole word if it is long, and "..." where `s` goes on.
fn shorten(s: &str) -> String {
    let line = s.split('\n').next().unwrap_or_default();
    match shortened(line, 33) {
        Cow::Borrowed(whole) if whole.len() < s.len() => format!("{whole}..."),
        short => short.into_owned(),
    }
}

/// The tag whose name and attributes lie in `inner` (between `<` or `</`
/// and `>`).
fn parse_tag(text: &str, inner: Range<usize>, end: bool, line: usize, at: Range<usize>) -> Tag {
    let base = inner.start;
    let s = &text[inner];
    let b = s.as_bytes();
    let self_closing = s.trim_end().ends_with('/');
    let name_len = s.find(|c: char| c.is_ascii_whitespace() || c == '/').unwrap_or(s.len());
    let mut attrs = Vec::new();
    let skip_space = |mut p: usize| {
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        p
    };
    let mut p = name_len;
    loop {
        while p < b.len() && (b[p].is_ascii_whitespace() || b[p] == b'/') {
            p += 1;
        }
        if p >= b.len() {
            break;
        }
        // A stray `=` is a one-character name, so the scan always moves on.
        let n = s[p..].find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/').unwrap_or(s.len() - p).max(1);
        let name = s[p..p + n].to_ascii_lowercase();
        p = skip_space(p + n);
        let (mut value, mut value_at) = (String::new(), None);
        if b.get(p) == Some(&b'=') && name != "=" {
            p = skip_space(p + 1);
            if let Some(&q @ (b'"' | b'\'')) = b.get(p) {
                let close = s[p + 1..].find(char::from(q)).map_or(s.len(), |k| p + 1 + k);
                value = s[p + 1..close].to_string();
                let after = (close + 1).min(s.len());
                value_at = Some(base + p..base + after);
                p = after;
            } else {
                let v = s[p..].find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len() - p);
                value = s[p..p + v].to_string();
                value_at = Some(base + p..base + p + v);
                p += v;
            }
        }
        attrs.push(Attr { name, value, value_at });
    }
    Tag { name: s[..name_len].to_ascii_lowercase(), attrs, end, self_closing, line, at }
}

// ---------------------------------------------------------------------------
// Addresses in href and src

/// Whether `href` starts with a URL scheme (`https:`, `mailto:`); a single
/// letter is a Windows drive, not a scheme.
pub fn has_scheme(href: &str) -> bool {
    let Some(colon) = href.find(':') else { return false };
    let scheme = &href[..colon];
    scheme.len() > 1
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
}

/// An address the help never follows, whatever page or guide holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeverFollowed {
    /// `javascript:`: a script, which the help never runs.
    Script,
    /// `file:`: a file of the reader's computer, outside every folder the
    /// help reads.
    LocalFile,
}

/// Whether the help never follows `address`, and why: read as a browser
/// reads it, whatever its case and with spaces, tabs and line breaks
/// inside taken out.
pub fn never_followed(address: &str) -> Option<NeverFollowed> {
    let address: String = address.chars().filter(|c| !c.is_ascii_whitespace() && !c.is_control()).take(11).collect();
    let address = address.to_ascii_lowercase();
    if address.starts_with("javascript:") {
        Some(NeverFollowed::Script)
    } else if address.starts_with("file:") {
        Some(NeverFollowed::LocalFile)
    } else {
        None
    }
}

/// What a help reader and `parlour lint` both say of a start tag whose
/// address (`href`, else `src`) the help never follows: a warning, as the
/// page still reads whole, in the same words whoever checks it.
pub fn never_followed_told(tag: &Tag) -> Option<&'static str> {
    let address = tag.attr("href").or_else(|| tag.attr("src"))?;
    Some(match never_followed(&address.value)? {
        NeverFollowed::Script => "a javascript: address is never run by the help; leave it out",
        NeverFollowed::LocalFile => {
            "a file: address is never opened by the help; name a file in the page's folder instead"
        }
    })
}

/// `%20` and friends as the bytes they stand for.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// An `href` or `src` without its `#fragment` and `?query`, percent-decoded,
/// and the fragment.
pub fn split_href(href: &str) -> (String, Option<&str>) {
    let (path, fragment) = match href.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (href, None),
    };
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    (percent_decode(path), fragment)
}

/// What a help reader and `parlour lint` both say of a link on `line` of
/// the page at `path` to a file its folder lacks: one warning, so the two
/// never differ on how grave it is. A warning, as the page still reads
/// whole (the link leads nowhere, nothing else is lost); `parlour help
/// --html` says for itself that it leaves such a page out.
pub fn no_such_link(path: &Path, line: usize, href: &str) -> Diagnostic {
    Diagnostic::warning(path, line, format!("the link `{href}` leads to no file beside the page"))
}

/// The same of a picture, whose alt text the page shows instead.
pub fn no_such_picture(path: &Path, line: usize, file: &str) -> Diagnostic {
    Diagnostic::warning(path, line, format!("there is no picture `{file}` beside the page"))
}

/// Whether `name` is a heading's tag, h1 to h6.
pub fn is_heading(name: &str) -> bool {
    matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// The open element the end tag `</name>` closes, with those opened
/// inside it, as the help reads a page and `parlour lint` checks it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClosedByEnd {
    /// The last `<name>` open, at this place in the open elements.
    Own(usize),
    /// A heading's end tag of another level closes the heading open
    /// (`<h2>Notes</h3>`), told as [`heading_closed_by`].
    OtherHeading(usize),
}

/// What `</name>` closes of the elements `open` (outermost first), if
/// anything.
pub fn closed_by_end<S: AsRef<str>>(open: &[S], name: &str) -> Option<ClosedByEnd> {
    if let Some(pos) = open.iter().rposition(|o| o.as_ref() == name) {
        return Some(ClosedByEnd::Own(pos));
    }
    let heading = open.iter().rposition(|o| is_heading(o.as_ref())).filter(|_| is_heading(name));
    heading.map(ClosedByEnd::OtherHeading)
}

/// What a help reader and `parlour lint` say of a heading `<open>` from
/// `open_line` ended on `line` by the end tag of another level, `</end>`:
/// it closes the heading, as a browser reads it (`<h2>Notes</h3>` is the
/// heading Notes, its end mistyped). Both tell it as this one error, so
/// the viewer and lint never differ on how grave it is.
pub fn heading_closed_by(path: &Path, open: &str, open_line: usize, end: &str, line: usize) -> Diagnostic {
    let from = if open_line == line { String::new() } else { format!(" from line {open_line}") };
    Diagnostic::error(path, line, format!("<{open}>{from} is closed by </{end}>, not </{open}>"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_lose_their_query_and_keep_their_fragment() {
        assert_eq!(split_href("My%20File.html?q=1#frag"), ("My File.html".to_string(), Some("frag")));
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }

    /// Lines asked for in order are counted on from the last: the text is
    /// looked at once however many places are asked for (counting each
    /// from the start, 3000 places would look at some 13 million bytes).
    #[test]
    fn lines_are_counted_on_not_from_the_start() {
        let text = "a&lt;\n".repeat(3000);
        let mut lines = LineAt::new(&text, 5);
        for (n, at) in text.match_indices('&').map(|(at, _)| at).enumerate() {
            assert_eq!(lines.line(at), 5 + n);
        }
        assert!(lines.scanned <= text.len(), "{} bytes looked at for {}", lines.scanned, text.len());
        // Back again, and past the end.
        assert_eq!(lines.line(0), 5);
        assert_eq!(lines.line(usize::MAX), 5 + 3000);
    }

    /// Each reference's warning names its own line, in a page of many.
    #[test]
    fn references_are_placed_on_their_lines() {
        let text = "AT&T &lt; &nosuch;\n".repeat(20_000);
        let mut warned = Vec::new();
        let mut lines = LineAt::new(&text, 3);
        let out = decode_counting(&text, &mut lines, &mut |line, _| warned.push(line));
        assert_eq!(warned, (3..3 + 20_000).collect::<Vec<_>>());
        // The text up to the last reference was looked at once to place
        // them all.
        assert_eq!(lines.scanned, text.rfind('&').unwrap());
        assert_eq!(out, "AT&T < &nosuch;\n".repeat(20_000));
        // A name runs to 32 letters at most: a longer run is no reference.
        let long = format!("&{};", "a".repeat(40));
        assert_eq!(decode_entities(&long, 1, &mut |_, _| {}), long);
        assert_eq!(decode_entities("&amp;&#65;&", 1, &mut |_, _| {}), "&A&");
    }
}
